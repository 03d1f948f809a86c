/** Request-side helpers of the card routes: who the call is about, uploads, codes, keys. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Actor, RouteAccess } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { IDEMPOTENCY_HEADER } from '../../platform/idempotency';
import { idempotencyKeys } from '../../platform/idempotency.schema';
import { readSingleUpload } from '../../platform/upload';
import type { BusinessRow } from '../businesses';
import { businessFor } from './common';
import type { CardFileKind } from '@far/contracts';
import { UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE, readCardFile } from './files';

/** Documents the Idempotency-Key header of money calls. */
export const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional().describe('Obligatorio: una llave única por operación (docs/api.md)') });

export const STOCK = '/pre-stock-cards';
export const STAFF = '/user/business';
export const ACCOUNT = '/account';
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Desactivar' | 'Borrar';
/** Staff through Cuentas Business (naming the business), a business through Alta de cuentas. */
export const business = (op: Op, note?: string): { access: RouteAccess } => ({ access: { FAR: { menu: STAFF, permission: op }, BUS: { menu: ACCOUNT, permission: op }, ...(note ? { note } : {}) } });
export const stock = (op: Op): { access: RouteAccess } => ({ access: { FAR: { menu: STOCK, permission: op } } });

/** Staff without a BusinessId act on the whole stock (null); everyone else on one business. */
export const scopeOf = (db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessRow | null> =>
  actor.kind === 'FAR' && !businessId ? Promise.resolve(null) : businessFor(db, actor, businessId);

export async function uploadedTable(req: FastifyRequest, kind: CardFileKind) {
  const upload = await readSingleUpload(req, UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE);
  const rows = await readCardFile(upload, kind);
  return { upload, rows };
}

/** Has this request's Idempotency-Key already been answered? (then it is replayed without a new code) */
export async function keyAnswered(req: FastifyRequest): Promise<boolean> {
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !key || !req.actor) return false;
  const [row] = await req.server.ctx.db
    .select({ id: idempotencyKeys.v_uid })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.v_uid_user, req.actor.userId), eq(idempotencyKeys.v_route, `${req.method} ${req.routeOptions.url ?? req.url}`), eq(idempotencyKeys.v_key, key)));
  return !!row;
}

/** A multipart request is fingerprinted by what it carried (withIdempotency hashes req.body). */
export function fingerprintUpload(req: FastifyRequest, content: Buffer, fields: Record<string, string>) {
  (req as { body: unknown }).body = { file: sha256(content.toString('base64')), fields };
}

export const sendFile = (reply: FastifyReply, file: { content: Buffer; mediaType: string; fileName: string }) =>
  reply.header('content-type', file.mediaType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content);
