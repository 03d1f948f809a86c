/** The dispute calls of the screens (issue 28 §3): staff pass BusinessId only to narrow the queue; a business never does. */
import {
  DisputeDetail,
  pageOf,
  Dispute,
  type DisputeCreateBody,
  type DisputeCreditBody,
  type DisputeListBody,
  type DisputeMoveBody,
  type DisputeReason,
  type DisputeStatus,
} from '@far/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { unwrap } from '../../lib/api-client';
import { IDEMPOTENCY_HEADER, saveBlob } from '../../lib/money';
import { multipart } from '../../lib/multipart';
import { cardKeys } from './api';
import { api } from '../../lib/api';

type Body<S extends z.ZodType> = z.input<S>;
export interface DisputeFilters {
  Status: DisputeStatus | null;
  Reason: DisputeReason | null;
  Overdue: boolean;
}
const listBody = (f: DisputeFilters, page: number): Body<typeof DisputeListBody> => ({
  Page: page,
  Size: 10,
  Status: f.Status ?? undefined,
  Reason: f.Reason ?? undefined,
  Overdue: f.Overdue || undefined,
});

export const useDisputes = (f: DisputeFilters, page: number) =>
  useQuery({
    queryKey: [...cardKeys.all, 'disputes', f, page],
    queryFn: () => unwrap(api.POST('/api/v1/cards/disputes/list', { body: listBody(f, page), schema: pageOf(Dispute) })),
    placeholderData: keepPreviousData,
  });
export const useDispute = (id: string | null) =>
  useQuery({
    queryKey: [...cardKeys.all, 'dispute', id],
    enabled: !!id,
    queryFn: () => unwrap(api.POST('/api/v1/cards/disputes/get', { body: { DisputeId: id ?? '' }, schema: DisputeDetail })),
  });
export const exportDisputes = async (f: DisputeFilters) =>
  saveBlob(await unwrap(api.POST('/api/v1/cards/disputes/csv', { body: listBody(f, 1), responseType: 'blob', timeoutMs: 120_000 })), 'disputas.csv');

function useDone() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: cardKeys.all });
}
export function useOpenDispute() {
  const done = useDone();
  return useMutation({
    mutationFn: (body: Body<typeof DisputeCreateBody>) => unwrap(api.POST('/api/v1/cards/disputes/create', { body, schema: DisputeDetail })),
    onSuccess: done,
  });
}
export function useAddEvidence() {
  const done = useDone();
  return useMutation({
    mutationFn: ({ id, comment, file }: { id: string; comment: string; file: File }) =>
      unwrap(api.POST('/api/v1/cards/disputes/evidence', { body: multipart(file, { DisputeId: id, Comment: comment || undefined }), schema: DisputeDetail })),
    onSuccess: done,
  });
}
/** Status moves and the credit move money: each intent carries its Idempotency-Key. */
export function useMoveDispute() {
  const done = useDone();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Body<typeof DisputeMoveBody>; idempotencyKey: string }) =>
      unwrap(api.POST('/api/v1/cards/disputes/status', { body, schema: DisputeDetail, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    onSuccess: done,
  });
}
export function useCreditDispute() {
  const done = useDone();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Body<typeof DisputeCreditBody>; idempotencyKey: string }) =>
      unwrap(api.POST('/api/v1/cards/disputes/credit', { body, schema: DisputeDetail, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    onSuccess: done,
  });
}
export const downloadEvidence = async (fileId: string, name: string) =>
  saveBlob(await unwrap(api.GET('/api/v1/cards/disputes/attachment/{uid}', { params: { path: { uid: fileId } }, responseType: 'blob' })), name);
