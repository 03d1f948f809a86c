import type { ClarificationAddBody, ClarificationFollowUpBody, ClarificationUpdateBody } from '@far/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { unwrap } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/money';
import { multipart } from '../../../lib/multipart';
import { todayIso } from '../../../lib/format';
import { clarificationKeys, filtersBody, useMovementCalls, type CaseFilters } from './queries';

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: clarificationKeys.all }) });
}

/** POST /Add { type, comment, tracking key? }. */
export const useOpenCase = () => useInvalidating((body: z.input<typeof ClarificationAddBody>) => unwrap(api.POST('/api/v1/clarifications/Add', { body })));

/** A status change, a note, taking the case or a rating (the body of PUT /{uid}). */
export type CaseChange = z.input<typeof ClarificationUpdateBody>;

/** PUT /{uid}: take, move, delete (eliminado) or rate. */
export const useChangeCase = () =>
  useInvalidating(({ uid, ...body }: CaseChange & { uid: string }) => unwrap(api.PUT('/api/v1/clarifications/{uid}', { params: { path: { uid } }, body })));

/** POST /follow-up, or /follow-up/attachment (multipart) when a file goes with it. */
export const useReply = () =>
  useInvalidating(({ uid, comment, file }: { uid: string; comment: string; file: File | null }) => {
    if (!file)
      return unwrap(
        api.POST('/api/v1/clarifications/follow-up', {
          body: { v_uid_clarification: uid, t_comment: comment } satisfies z.input<typeof ClarificationFollowUpBody>,
        }),
      );
    // The attachment's form carries the follow-up's fields (the comment is optional beside a file).
    const fields: Pick<z.input<typeof ClarificationFollowUpBody>, 'v_uid_clarification'> & { t_comment?: string } = {
      v_uid_clarification: uid,
      t_comment: comment.trim() || undefined,
    };
    return unwrap(api.POST('/api/v1/clarifications/follow-up/attachment', { body: multipart(file, fields) }));
  });

export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      saveBlob(await unwrap(api.GET('/api/v1/clarifications/follow-up/attachment/{uid}', { params: { path: { uid: id } }, responseType: 'blob' })), name);
    },
  });
}

export function useExportCsv() {
  return useMutation({
    mutationFn: async (f: CaseFilters) => {
      saveBlob(
        await unwrap(api.POST('/api/v1/clarifications/csv', { body: filtersBody(f), responseType: 'blob', timeoutMs: 120_000 })),
        `aclaraciones-${todayIso()}.csv`,
      );
    },
  });
}

/** The disputed movement's proof of payment (PDF). */
export function useDownloadProof() {
  const movements = useMovementCalls();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      saveBlob(await unwrap(movements.proof(id)), name);
    },
  });
}
