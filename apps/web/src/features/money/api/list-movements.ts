import { BusinessMovementPage, type MovementType, type MovementsBody } from '@far/contracts';
import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from '../../../components/list-scaffold';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/api-client';
import { moneyKeys } from './keys';

/** The filters of /movement: inclusive days (Mexico City), type, status and text. */
export interface MovementFilters {
  From: string | null;
  To: string | null;
  Type: MovementType | null;
  Status: number | null;
  Search: string;
}

type MovementsRequest = z.input<typeof MovementsBody>;

/** The screen's filters as the fields of the body the server validates (list and export share them). */
export const filtersBody = (f: MovementFilters): Pick<MovementsRequest, 'From' | 'To' | 'Type' | 'Status' | 'Search'> => ({
  From: f.From ?? undefined,
  To: f.To ?? undefined,
  Type: f.Type ?? undefined,
  Status: f.Status ?? undefined,
  Search: f.Search.trim() || undefined,
});

/** POST /api/v1/transaction/business-movement/movements { From?, To?, Type?, Status?, Search?, Page, Size, SortBy?, SortDir? }. */
export const listMovements = (f: MovementFilters, page: number, size: number, sort: ListSort | null = null) => {
  // SortBy: the column's key, one of MOVEMENT_SORT_FIELDS.
  const body: MovementsRequest = { ...filtersBody(f), Page: page, Size: size, SortBy: sort?.SortBy as MovementsRequest['SortBy'], SortDir: sort?.SortDir };
  return api.POST('/api/v1/transaction/business-movement/movements', { body, schema: BusinessMovementPage });
};

export const movementsQueryOptions = (f: MovementFilters, page: number, size: number, sort: ListSort | null = null) =>
  queryOptions({
    queryKey: [...moneyKeys.movements, f, page, size, sort],
    queryFn: () => unwrap(listMovements(f, page, size, sort)),
    placeholderData: keepPreviousData,
  });

export function useMovements(f: MovementFilters, page: number, size: number, sort: ListSort | null = null) {
  return useQuery(movementsQueryOptions(f, page, size, sort));
}
