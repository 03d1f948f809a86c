import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The success shape of every answer (docs/api.md). */
export function ok<T>(data: T, message = 'OK', code = 200) {
  return { success: true, IsSuccess: true, data, status: { code, message } };
}

/**
 * For a hot read whose data is one long-lived cached object (the side menu, asked for on every
 * page load): the answer is checked against the route's `schema` and serialised the first time that
 * object is sent, and the same text is sent after that (Fastify sends a JSON string as it is). A new
 * object, because the cache was emptied, is checked and serialised again.
 */
export function okOnce(schema: z.ZodType) {
  const texts = new WeakMap<object, string>();
  return (reply: FastifyReply, data: object): FastifyReply => {
    let text = texts.get(data);
    if (text === undefined) texts.set(data, (text = JSON.stringify(z.encode(schema, ok(data)))));
    return reply.type('application/json; charset=utf-8').send(text);
  };
}

export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** d_create_at and d_update_at of a catalog-style record, as the API gives them. */
export const recordDates = (r: { d_create_at: Date; d_update_at: Date }) => ({ d_create_at: iso(r.d_create_at)!, d_update_at: iso(r.d_update_at)! });

/** A file as a download (exports, proofs). */
export const sendFile = (reply: FastifyReply, file: { content: Buffer; mediaType: string; fileName: string }) =>
  reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
