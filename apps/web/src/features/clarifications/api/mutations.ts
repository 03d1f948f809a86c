import type { Clarification, ClarificationStatus } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { todayIso } from '../../../lib/format';
import { BASE, clarificationKeys, filtersBody, useMovementPaths, type CaseFilters } from './queries';

type Case = z.infer<typeof Clarification>;

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: clarificationKeys.all }) });
}

/** POST /Add { type, comment, tracking key? }. */
export const useOpenCase = () =>
  useInvalidating((body: { v_uid_type_clarification: string; t_comment: string; v_key_tracing?: string }) => unwrap(apiRequest<Case>('POST', `${BASE}/Add`, { body })));

export interface CaseChange {
  v_uid_status?: ClarificationStatus;
  t_note?: string;
  AssignToMe?: boolean;
  n_calification?: number;
  t_calification?: string;
}

/** PUT /{uid}: take, move, delete (eliminado) or rate. */
export const useChangeCase = () => useInvalidating(({ uid, ...body }: CaseChange & { uid: string }) => unwrap(apiRequest<Case>('PUT', `${BASE}/${encodeURIComponent(uid)}`, { body })));

/** POST /follow-up, or /follow-up/attachment (multipart) when a file goes with it. */
export const useReply = () =>
  useInvalidating(({ uid, comment, file }: { uid: string; comment: string; file: File | null }) => {
    if (!file) return unwrap(apiRequest('POST', `${BASE}/follow-up`, { body: { v_uid_clarification: uid, t_comment: comment } }));
    const form = new FormData();
    form.append('v_uid_clarification', uid);
    if (comment.trim()) form.append('t_comment', comment.trim());
    form.append('file', file);
    return unwrap(apiRequest('POST', `${BASE}/follow-up/attachment`, { body: form }));
  });

export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      saveBlob(await unwrap(apiRequest<Blob>('GET', `${BASE}/follow-up/attachment/${encodeURIComponent(id)}`, { responseType: 'blob' })), name);
    },
  });
}

export function useExportCsv() {
  return useMutation({
    mutationFn: async (f: CaseFilters) => {
      saveBlob(await unwrap(apiRequest<Blob>('POST', `${BASE}/csv`, { body: filtersBody(f), responseType: 'blob', timeoutMs: 120_000 })), `aclaraciones-${todayIso()}.csv`);
    },
  });
}

/** The disputed movement's proof of payment (PDF). */
export function useDownloadProof() {
  const paths = useMovementPaths();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      saveBlob(await unwrap(apiRequest<Blob>('GET', `${paths.one(id)}/proof`, { responseType: 'blob' })), name);
    },
  });
}
