import { StrategicAlly, pageOf } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/strategic-ally?Page&Size&v_uid_user_business → a page of the business's strategic allies. */
export type StrategicAllyData = z.infer<typeof StrategicAlly>;

export interface StrategicAlliesQuery {
  businessId: string;
  Page: number;
  Size: number;
}

export const strategicAlliesQueryKey = ['strategic-allies'] as const;

const AllyPage = pageOf(StrategicAlly);

export const listStrategicAllies = (q: StrategicAlliesQuery) =>
  apiRequest('GET', '/api/v1/strategic-ally', { query: { Page: q.Page, Size: q.Size, v_uid_user_business: q.businessId }, schema: AllyPage });

export const strategicAlliesQueryOptions = (q: StrategicAlliesQuery) =>
  queryOptions({ queryKey: [...strategicAlliesQueryKey, 'list', q], queryFn: () => unwrap(listStrategicAllies(q)), placeholderData: keepPreviousData });

export function useStrategicAllies(q: StrategicAlliesQuery) {
  return useQuery(strategicAlliesQueryOptions(q));
}
