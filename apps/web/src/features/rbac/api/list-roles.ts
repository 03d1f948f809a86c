import { Role, pageOf, type PageQuery } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { api } from '../../../lib/api';

/** POST /api/v1/rbac/roles { Page, Size, Search } → { Records, Page, Size, TotalPages, TotalRecords }. */
export interface RolesQuery {
  Page: number;
  Size: number;
  Search: string;
}

export const rolesQueryKey = ['roles'] as const;

const RolesPage = pageOf(Role);

/** The screen's filters as the body the server validates (PageQuery). */
const toBody = (q: RolesQuery): z.input<typeof PageQuery> => ({ Page: q.Page, Size: q.Size, Search: q.Search.trim() || undefined });

export const listRoles = (q: RolesQuery) => api.POST('/api/v1/rbac/roles', { body: toBody(q), schema: RolesPage });

export const rolesQueryOptions = (q: RolesQuery) =>
  queryOptions({ queryKey: [...rolesQueryKey, 'list', q], queryFn: () => unwrap(listRoles(q)), placeholderData: keepPreviousData });

export function useRoles(q: RolesQuery) {
  return useQuery(rolesQueryOptions(q));
}
