/**
 * The dispersion calls (/api/v1/transaction/business-movement/speiout-dispersion*, dispersion/*).
 * Keys live under the money prefix, so any money change refreshes them too.
 */
import {
  AwaitingSpeiOutPage,
  BusinessMovement,
  BusinessMovementPage,
  CodeDelivery,
  Dispersal,
  Dispersion,
  DispersionPage,
  DispersionPreview,
  DispersionTransactionPage,
  type DispersalUpdateBody,
  type DispersionApproveBody,
  type DispersionCreateBody,
  type DispersionHistoryBody,
  type DispersionIdBody,
  type DispersionPendingBody,
  type DispersionTransactionsBody,
  type DispersionValidateBody,
  type MovementIdBody,
  type PendingTransactionsBody,
  type SecurityCodeBody,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap, type ApiResult } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, saveBlob } from '../../lib/money';
import { queryKeys } from '../../lib/query-keys';
import { api } from '../../lib/api';

export const dispersionKeys = {
  all: [...queryKeys.money, 'dispersions'] as const,
  history: [...queryKeys.money, 'dispersions', 'history'] as const,
  pending: [...queryKeys.money, 'dispersions', 'pending'] as const,
  one: [...queryKeys.money, 'dispersions', 'one'] as const,
  rows: [...queryKeys.money, 'dispersions', 'rows'] as const,
  pendingTransfers: [...queryKeys.money, 'pending'] as const,
};

/** The file or the typed rows, checked before sending (the body of …/validate). */
export type DispersionSourceInput = z.input<typeof DispersionValidateBody>;
export type DispersionCreateInput = z.input<typeof DispersionCreateBody>;

/** Rows that still travel (queued, pending, sent): the screens ask again every few seconds. */
const running = (d: { StatusDispersion: number } | undefined) => d?.StatusDispersion === 2;

export function useValidateDispersion() {
  return useMutation({
    mutationFn: (body: DispersionSourceInput) =>
      unwrap(api.POST('/api/v1/transaction/business-movement/speiout-dispersion/validate', { body, schema: DispersionPreview, timeoutMs: 120_000 })),
  });
}

export function useCreateDispersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: DispersionCreateInput; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/speiout-dispersion', {
          body,
          schema: Dispersion,
          timeoutMs: 120_000,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.money });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}

/** E-mails the six-digit code of the 'dispersion' operation. */
/** A six-digit code for a dispersion, or for a single transfer ('spei-out': authorising one awaiting approval). */
export function useRequestDispersionCode(operation: 'dispersion' | 'spei-out' = 'dispersion') {
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/v1/security/code', { body: { Operation: operation } satisfies z.input<typeof SecurityCodeBody>, schema: CodeDelivery })),
  });
}

export interface HistoryFilters {
  From: string | null;
  To: string | null;
  Status: string | null;
}

export function useDispersionHistory(f: HistoryFilters, page: number, size = 10) {
  const body: z.input<typeof DispersionHistoryBody> = {
    Page: page,
    Size: size,
    ...(f.From ? { From: f.From } : {}),
    ...(f.To ? { To: f.To } : {}),
    ...(f.Status ? { Status: Number(f.Status) } : {}),
  };
  return useQuery({
    queryKey: [...dispersionKeys.history, body],
    queryFn: () => unwrap(api.POST('/api/v1/transaction/business-movement/dispersion/history', { body, schema: DispersionPage })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.Records.some(running) ? 3_000 : false),
  });
}

export function usePendingDispersions(page: number) {
  return useQuery({
    queryKey: [...dispersionKeys.pending, page],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/dispersion/pending', {
          body: { Page: page, Size: 10 } satisfies z.input<typeof DispersionPendingBody>,
          schema: DispersionPage,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDispersion(id: string) {
  return useQuery({
    queryKey: [...dispersionKeys.one, id],
    queryFn: () => unwrap(api.GET('/api/v1/transaction/business-movement/dispersion/{id}', { params: { path: { id } }, schema: Dispersion })),
    refetchInterval: (q) => (running(q.state.data) ? 2_000 : false),
  });
}

/** `version` changes with the dispersion's counts, so the rows are read again when one settles or comes back. */
export function useDispersionRows(id: string, page: number, live: boolean, version: string) {
  return useQuery({
    queryKey: [...dispersionKeys.rows, id, page, version],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/dispersion/transactions', {
          body: { DispersionId: id, Page: page, Size: 10 } satisfies z.input<typeof DispersionTransactionsBody>,
          schema: DispersionTransactionPage,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 2_000 : false,
  });
}

/** Every failed row of a dispersion (for a re-send). */
export const failedRows = (id: string) =>
  unwrap(
    api.POST('/api/v1/transaction/business-movement/dispersion/transactions', {
      body: { DispersionId: id, FailedOnly: true, Page: 1, Size: 1000 } satisfies z.input<typeof DispersionTransactionsBody>,
      schema: DispersionTransactionPage,
    }),
  );

const dispersionActions = {
  remove: (body: z.input<typeof DispersionIdBody>) => api.POST('/api/v1/transaction/business-movement/dispersion/remove', { body, schema: Dispersion }),
  reject: (body: z.input<typeof DispersionIdBody>) => api.POST('/api/v1/transaction/business-movement/dispersion/reject', { body, schema: Dispersion }),
};

function useDispersionAction(action: keyof typeof dispersionActions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(dispersionActions[action]({ DispersionId: id })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dispersionKeys.all }),
  });
}
/** The concept or the payment day of a dispersion that has not started (PUT /api/v1/dispersal/{id}). */
export function useEditDispersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof DispersalUpdateBody> }) =>
      unwrap(api.PUT('/api/v1/dispersal/{id}', { params: { path: { id } }, body, schema: Dispersal })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dispersionKeys.all }),
  });
}
export const useRemoveDispersion = () => useDispersionAction('remove');
export const useRejectDispersion = () => useDispersionAction('reject');

export function useApproveDispersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, idempotencyKey }: { id: string; code: string; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/dispersion/approve', {
          body: { DispersionId: id, SecurityCode: code } satisfies z.input<typeof DispersionApproveBody>,
          schema: Dispersion,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}

/** Scheduled single transfers not yet settled (the «Transferencias pendientes» of /dispersal/program). */
export function usePendingTransfers(page: number) {
  return useQuery({
    queryKey: [...dispersionKeys.pendingTransfers, 'program', page],
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/pending-transactions', {
          body: { Page: page, Size: 10 } satisfies z.input<typeof PendingTransactionsBody>,
          schema: BusinessMovementPage,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Single transfers «Por autorizar» (maker-checker), with whether this user may authorise each. */
export function useAwaitingTransfers(page: number) {
  return useQuery({
    queryKey: [...dispersionKeys.pendingTransfers, 'awaiting', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/transaction/business-movement/speiout/awaiting-approval', {
          params: { query: { Page: page, Size: 10 } },
          schema: AwaitingSpeiOutPage,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproveTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code, idempotencyKey }: { id: string; code: string; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/speiout/approve', {
          body: { Id: id, SecurityCode: code },
          schema: BusinessMovement,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}

export function useRejectTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/transaction/business-movement/speiout/reject', { body: { Id: id }, schema: BusinessMovement })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      unwrap(
        api.POST('/api/v1/transaction/business-movement/speiout/cancel', {
          body: { Id: id } satisfies z.input<typeof MovementIdBody>,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}

type FileFormat = 'csv' | 'xlsx';

/** The files of the dispersion screens: the template, a dispersion's original file and its rows, a row's proof of payment. */
export const dispersionFiles = {
  template: (Format: FileFormat) =>
    api.GET('/api/v1/transaction/business-movement/speiout-dispersion/template', { params: { query: { Format } }, responseType: 'blob' }),
  proof: (id: string) => api.GET('/api/v1/transaction/business-movement/{id}/proof', { params: { path: { id } }, responseType: 'blob' }),
  export: (id: string, Format: FileFormat) =>
    api.GET('/api/v1/transaction/business-movement/dispersion/{id}/export', { params: { path: { id }, query: { Format } }, responseType: 'blob' }),
  original: (id: string) => api.GET('/api/v1/transaction/business-movement/dispersion/{id}/file', { params: { path: { id } }, responseType: 'blob' }),
};

/** Downloads one of `dispersionFiles` and saves it under `fileName`. */
export function useDownload() {
  return useMutation({
    mutationFn: async ({ file, fileName }: { file: () => Promise<ApiResult<Blob>>; fileName: string }) => {
      const blob = await unwrap(file());
      saveBlob(blob, fileName);
      return blob;
    },
  });
}
