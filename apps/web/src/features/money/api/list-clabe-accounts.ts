import { ClabeAccountPage, type ClabeAccountListBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';
import { api } from '../../../lib/api';

/** POST /api/v1/transaction/clabe-account/query/list { BusinessId?, Page, Size, Search?, IsActive? } (5 per page on /account). */
export interface ClabeAccountsQuery {
  BusinessId?: string;
  Page: number;
  Size: number;
  Search: string;
  /** undefined: active and inactive. */
  IsActive?: boolean;
}

/** The screen's filters as the body the server validates. */
const toBody = (q: ClabeAccountsQuery): z.input<typeof ClabeAccountListBody> => ({
  BusinessId: q.BusinessId,
  Page: q.Page,
  Size: q.Size,
  Search: q.Search.trim() || undefined,
  IsActive: q.IsActive,
});

export const listClabeAccounts = (q: ClabeAccountsQuery) =>
  api.POST('/api/v1/transaction/clabe-account/query/list', { body: toBody(q), schema: ClabeAccountPage });

export const clabeAccountsQueryOptions = (q: ClabeAccountsQuery) =>
  queryOptions({ queryKey: [...moneyKeys.accounts, q], queryFn: () => unwrap(listClabeAccounts(q)), placeholderData: keepPreviousData });

export function useClabeAccounts(q: ClabeAccountsQuery) {
  return useQuery(clabeAccountsQueryOptions(q));
}
