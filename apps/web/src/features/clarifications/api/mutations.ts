import type { Clarification, ClarificationAddBody, ClarificationFollowUpBody, ClarificationUpdateBody } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { multipart } from '../../../lib/multipart';
import { todayIso } from '../../../lib/format';
import { BASE, clarificationKeys, filtersBody, useMovementPaths, type CaseFilters } from './queries';

type Case = z.infer<typeof Clarification>;

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: clarificationKeys.all }) });
}

/** POST /Add { type, comment, tracking key? }. */
export const useOpenCase = () => useInvalidating((body: z.input<typeof ClarificationAddBody>) => unwrap(apiRequest<Case>('POST', `${BASE}/Add`, { body })));

/** A status change, a note, taking the case or a rating (the body of PUT /{uid}). */
export type CaseChange = z.input<typeof ClarificationUpdateBody>;

/** PUT /{uid}: take, move, delete (eliminado) or rate. */
export const useChangeCase = () =>
  useInvalidating(({ uid, ...body }: CaseChange & { uid: string }) => unwrap(apiRequest<Case>('PUT', `${BASE}/${encodeURIComponent(uid)}`, { body })));

/** POST /follow-up, or /follow-up/attachment (multipart) when a file goes with it. */
export const useReply = () =>
  useInvalidating(({ uid, comment, file }: { uid: string; comment: string; file: File | null }) => {
    if (!file)
      return unwrap(
        apiRequest('POST', `${BASE}/follow-up`, { body: { v_uid_clarification: uid, t_comment: comment } satisfies z.input<typeof ClarificationFollowUpBody> }),
      );
    // The attachment's form carries the follow-up's fields (the comment is optional beside a file).
    const fields: Pick<z.input<typeof ClarificationFollowUpBody>, 'v_uid_clarification'> & { t_comment?: string } = {
      v_uid_clarification: uid,
      t_comment: comment.trim() || undefined,
    };
    return unwrap(apiRequest('POST', `${BASE}/follow-up/attachment`, { body: multipart(file, fields) }));
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
      saveBlob(
        await unwrap(apiRequest<Blob>('POST', `${BASE}/csv`, { body: filtersBody(f), responseType: 'blob', timeoutMs: 120_000 })),
        `aclaraciones-${todayIso()}.csv`,
      );
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
