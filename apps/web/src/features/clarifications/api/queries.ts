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
import { unwrap } from '../../../lib/api-client';
import { useMe } from '../../../lib/api/get-me';
import { api } from '../../../lib/api';

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
        api.POST('/api/v1/clarifications/GetAll', {
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
    queryFn: () => unwrap(api.GET('/api/v1/clarifications/{uid}', { params: { path: { uid: uid ?? '' } }, schema: Clarification })),
    enabled: uid !== null,
  });
}

export function useFollowUps(uid: string | null) {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'follow-ups', uid],
    queryFn: () => unwrap(api.GET('/api/v1/clarifications/follow-up/{uid}', { params: { path: { uid: uid ?? '' } }, schema: z.array(ClarificationFollowUp) })),
    enabled: uid !== null,
  });
}

export function useCaseTypes() {
  return useQuery({
    queryKey: [...clarificationKeys.all, 'types'],
    queryFn: () => unwrap(api.GET('/api/v1/clarifications/clarificationstypes', { schema: z.array(ClarificationTypeOut) })),
    staleTime: Infinity,
  });
}

/**
 * Where the caller reads movements: a wallet user their wallet's (/api/v1/wallet), staff and
 * businesses /api/v1/transaction/business-movement (staff reach every movement there, wallets' too).
 */
type MovementsInput = z.input<typeof MovementsBody>;
const walletMovements = {
  kind: 'wallet',
  list: (body: MovementsInput) => api.POST('/api/v1/wallet/movements', { body, schema: BusinessMovementPage }),
  one: (id: string) => api.GET('/api/v1/wallet/movement/{id}', { params: { path: { id } }, schema: BusinessMovementDetail }),
  proof: (id: string) => api.GET('/api/v1/wallet/movement/{id}/proof', { params: { path: { id } }, responseType: 'blob' }),
} as const;
const businessMovements = {
  kind: 'business',
  list: (body: MovementsInput) => api.POST('/api/v1/transaction/business-movement/movements', { body, schema: BusinessMovementPage }),
  one: (id: string) => api.GET('/api/v1/transaction/business-movement/{id}', { params: { path: { id } }, schema: BusinessMovementDetail }),
  proof: (id: string) => api.GET('/api/v1/transaction/business-movement/{id}/proof', { params: { path: { id } }, responseType: 'blob' }),
} as const;

export function useMovementCalls() {
  return useMe().data?.kind === 'WAL' ? walletMovements : businessMovements;
}

/** The caller's own movements with a tracking key, to pick the disputed one (newest first). */
export function useRecentMovements(search: string, enabled: boolean) {
  const movements = useMovementCalls();
  return useQuery({
    queryKey: [...clarificationKeys.all, 'movements', movements.kind, search],
    queryFn: () => unwrap(movements.list({ Search: search.trim() || undefined, Page: 1, Size: 20 })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The disputed movement with its ledger lines. */
export function useCaseMovement(id: string | null) {
  const movements = useMovementCalls();
  return useQuery({
    queryKey: [...clarificationKeys.all, 'movement', movements.kind, id],
    queryFn: () => unwrap(movements.one(id ?? '')),
    enabled: id !== null,
  });
}
