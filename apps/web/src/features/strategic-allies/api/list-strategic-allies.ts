import { StrategicAlly, pageOf, type StrategicAllyListQuery } from '@far/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** GET /api/v1/strategic-ally?Page&Size&v_uid_user_business → a page of the business's strategic allies. */
export type StrategicAllyData = z.infer<typeof StrategicAlly>;

export interface StrategicAlliesQuery {
  businessId: string;
  Page: number;
  Size: number;
}

export const strategicAlliesQueryKey = ['strategic-allies'] as const;

const AllyPage = pageOf(StrategicAlly);

/** The screen's query as the query string the server validates (`satisfies`: the contract checks the names, the values stay query-string values). */
const toQuery = (q: StrategicAlliesQuery) =>
  ({ Page: q.Page, Size: q.Size, v_uid_user_business: q.businessId }) satisfies z.input<typeof StrategicAllyListQuery>;

export const listStrategicAllies = (q: StrategicAlliesQuery) => api.GET('/api/v1/strategic-ally', { params: { query: toQuery(q) }, schema: AllyPage });

export const strategicAlliesQueryOptions = (q: StrategicAlliesQuery) =>
  queryOptions({ queryKey: [...strategicAlliesQueryKey, 'list', q], queryFn: () => unwrap(listStrategicAllies(q)), placeholderData: keepPreviousData });

export function useStrategicAllies(q: StrategicAlliesQuery) {
  return useQuery(strategicAlliesQueryOptions(q));
}
