import {
  BusinessMovementDetail,
  BusinessMovementPage,
  Clarification,
  ClarificationFollowUp,
  ClarificationPage,
  ClarificationTypeOut,
  type ClarificationListBody,
  type ClarificationStatus,
  type MovementsBody,
} from '@far/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { useMe } from '../../../lib/api/get-me';

export const BASE = '/api/v1/clarifications';
export const clarificationKeys = { all: ['clarifications'] as const };

/** The queue's filters (staff) and a business's list filters. */
export interface CaseFilters {
  Search: string;
  Status: ClarificationStatus | null;
  TypeId: string | null;
  Client: string;
  range: [string | null, string | null];
  Overdue: boolean;
  Mine: boolean;
}

/** The filters as the body the server validates (list and CSV share it). */
export const filtersBody = (f: CaseFilters): Omit<z.input<typeof ClarificationListBody>, 'Page' | 'Size'> => ({
  Search: f.Search.trim() || undefined,
  Status: f.Status ?? undefined,
  TypeId: f.TypeId ?? undefined,
  Client: f.Client.trim() || undefined,
  From: f.range[0] ?? undefined,
  To: f.range[1] ?? f.range[0] ?? undefined,
  Overdue: f.Overdue || undefined,
  Mine: f.Mine || undefined,
});

/** POST /GetAll { filters, Page, Size }. */
export function useCases(f: CaseFilters, page: number, size: number) {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'list', f, page, size],
    queryFn: () =>
      unwrap(
        apiRequest('POST', `${BASE}/GetAll`, {
          body: { ...filtersBody(f), Page: page, Size: size } satisfies z.input<typeof ClarificationListBody>,
          schema: ClarificationPage,
        }),
      ),
    placeholderData: keepPreviousData,
    // The time left moves: the queue refreshes every minute.
    refetchInterval: 60_000,
  });
}

export function useCase(uid: string | null) {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'one', uid],
    queryFn: () => unwrap(apiRequest('GET', `${BASE}/${encodeURIComponent(uid ?? '')}`, { schema: Clarification })),
    enabled: uid !== null,
  });
}

export function useFollowUps(uid: string | null) {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'follow-ups', uid],
    queryFn: () => unwrap(apiRequest('GET', `${BASE}/follow-up/${encodeURIComponent(uid ?? '')}`, { schema: z.array(ClarificationFollowUp) })),
    enabled: uid !== null,
  });
}

export function useCaseTypes() {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'types'],
    queryFn: () => unwrap(apiRequest('GET', `${BASE}/clarificationstypes`, { schema: z.array(ClarificationTypeOut) })),
    staleTime: Infinity,
  });
}

/**
 * Where the caller reads movements: a wallet user their wallet's (/api/v1/wallet), staff and
 * businesses /api/v1/transaction/business-movement (staff reach every movement there, wallets' too).
 */
export function useMovementPaths() {
  const wallet = useMe().data?.kind === 'WAL';
  return wallet
    ? { list: '/api/v1/wallet/movements', one: (id: string) => `/api/v1/wallet/movement/${encodeURIComponent(id)}` }
    : { list: '/api/v1/transaction/business-movement/movements', one: (id: string) => `/api/v1/transaction/business-movement/${encodeURIComponent(id)}` };
}

/** The caller's own movements with a tracking key, to pick the disputed one (newest first). */
export function useRecentMovements(search: string, enabled: boolean) {
  const paths = useMovementPaths();
  return useQuery({
    queryKey: [...clarificationKeys.all, 'movements', paths.list, search],
    queryFn: () =>
      unwrap(
        apiRequest('POST', paths.list, {
          body: { Search: search.trim() || undefined, Page: 1, Size: 20 } satisfies z.input<typeof MovementsBody>,
          schema: BusinessMovementPage,
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The disputed movement with its ledger lines. */
export function useCaseMovement(id: string | null) {
  const url = useMovementPaths().one(id ?? '');
  return useQuery({
    queryKey: [...clarificationKeys.all, 'movement', url],
    queryFn: () => unwrap(apiRequest('GET', url, { schema: BusinessMovementDetail })),
    enabled: id !== null,
  });
}
