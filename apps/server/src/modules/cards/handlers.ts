/** Request-side helpers of the card routes: who the call is about, uploads, codes, keys. */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { Actor, RouteAccess } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { readSingleUpload } from '../../platform/upload';
import type { BusinessRow } from '../businesses';
import { businessFor } from './common';
import type { CardFileKind } from '@far/contracts';
import { UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE, readCardFile } from './files';

export const STOCK = '/pre-stock-cards';
export const STAFF = '/user/business';
export const ACCOUNT = '/account';
type Op = 'Ver' | 'Agregar' | 'Editar' | 'Desactivar' | 'Borrar';
/** Staff through Cuentas Business (naming the business), a business through Alta de cuentas. */
export const business = (op: Op, note?: string): { access: RouteAccess } => ({
  access: { FAR: { menu: STAFF, permission: op }, BUS: { menu: ACCOUNT, permission: op }, ...(note ? { note } : {}) },
});
export const stock = (op: Op): { access: RouteAccess } => ({ access: { FAR: { menu: STOCK, permission: op } } });

/** Staff without a BusinessId act on the whole stock (null); everyone else on one business. */
export const scopeOf = (db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessRow | null> =>
  actor.kind === 'FAR' && !businessId ? Promise.resolve(null) : businessFor(db, actor, businessId);

export async function uploadedTable(req: FastifyRequest, kind: CardFileKind) {
  const upload = await readSingleUpload(req, UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE);
  const rows = await readCardFile(upload, kind);
  return { upload, rows };
}

/** A multipart request is fingerprinted by what it carried (the money command hashes req.body). */
export function fingerprintUpload(req: FastifyRequest, content: Buffer, fields: Record<string, string>) {
  (req as { body: unknown }).body = { file: sha256(content.toString('base64')), fields };
}

export { sendFile } from '../../platform/reply';
