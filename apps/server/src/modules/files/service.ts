import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { storable } from '../../platform/error-handler';
import { AppError } from '../../platform/errors';
import { sanitiseSvg } from './svg';
import { files } from './schema';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string[]> = { jpg: ['image/jpeg'], jpeg: ['image/jpeg'], png: ['image/png'], svg: ['image/svg+xml'] };
export const IMAGE_ACCEPT_MESSAGE = 'Archivo no válido, solo se aceptan imágenes .jpg, .jpeg, .png, .svg';

const invalid = (message: string, key: string) => new AppError('VALIDATION', message, { errors: [{ field: 'file', key, message }] });

/**
 * An image upload is checked three ways: size, the name's extension, and the bytes themselves
 * (a renamed executable is refused). An SVG is kept as DOMPurify leaves it (svg.ts): what is
 * stored is the sanitised text, never the upload itself.
 */
export async function checkImage(name: string, content: Buffer): Promise<{ mediaType: string; content: Buffer }> {
  if (content.length > IMAGE_MAX_BYTES) throw invalid('No debe pesar más de 2MB', 'fileSize');
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const allowed = IMAGE_TYPES[ext];
  if (!allowed) throw invalid(IMAGE_ACCEPT_MESSAGE, 'accept');
  if (ext === 'svg') {
    // An SVG that carried script, handlers or links is refused, so the user knows; any other is
    // stored as the sanitiser wrote it.
    const svg = await sanitiseSvg(content.toString('utf8'));
    if (!svg || svg.active) throw invalid(IMAGE_ACCEPT_MESSAGE, 'accept');
    return { mediaType: 'image/svg+xml', content: Buffer.from(svg.clean) };
  }
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !allowed.includes(sniffed.mime)) throw invalid(IMAGE_ACCEPT_MESSAGE, 'accept');
  return { mediaType: sniffed.mime, content };
}

export const PDF_MAX_BYTES = 10 * 1024 * 1024;
export const PDF_ACCEPT_MESSAGE = 'Archivo no válido, solo se aceptan archivos .pdf';

/** A PDF upload: size, the .pdf extension and the bytes themselves (a PDF starts with %PDF-). */
export function checkPdf(name: string, content: Buffer): string {
  if (content.length > PDF_MAX_BYTES) throw invalid('No debe pesar más de 10MB', 'fileSize');
  if (!name.toLowerCase().endsWith('.pdf') || content.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid(PDF_ACCEPT_MESSAGE, 'accept');
  return 'application/pdf';
}

export const DOCUMENT_ACCEPT_MESSAGE = 'Archivo no válido, solo se aceptan archivos .pdf, .jpg, .jpeg, .png';

/** An attachment (§5 file rules: clarifications, disputes): a PDF up to 10 MB or a .jpg/.jpeg/.png image up to 2 MB, checked by its bytes. */
export async function checkDocument(name: string, content: Buffer): Promise<{ mediaType: string; content: Buffer }> {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return { mediaType: checkPdf(name, content), content };
  if (['jpg', 'jpeg', 'png'].includes(ext)) return checkImage(name, content);
  throw invalid(DOCUMENT_ACCEPT_MESSAGE, 'accept');
}

export async function storeFile(db: DbOrTx, f: { name: string; mediaType: string; content: Buffer; ownerId?: string; client?: string }): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({
      // A file name comes from the multipart header; keep it storable whatever it holds.
      v_name: storable(f.name, 200),
      v_media_type: f.mediaType,
      i_size: f.content.length,
      v_sha256: createHash('sha256').update(f.content).digest('hex'),
      v_uid_owner: f.ownerId ?? null,
      v_client: f.client ?? null,
      b_content: f.content,
    })
    .returning({ v_uid: files.v_uid });
  return row!.v_uid;
}

export async function getFile(db: DbOrTx, uid: string) {
  const [row] = await db.select().from(files).where(eq(files.v_uid, uid));
  return row;
}

/** New bytes under the same id, so every reference to the file keeps working. */
export async function replaceFile(db: DbOrTx, uid: string, f: { name: string; mediaType: string; content: Buffer }): Promise<void> {
  await db
    .update(files)
    .set({
      v_name: f.name.slice(0, 200),
      v_media_type: f.mediaType,
      i_size: f.content.length,
      v_sha256: createHash('sha256').update(f.content).digest('hex'),
      b_content: f.content,
      d_update_at: new Date(),
    })
    .where(eq(files.v_uid, uid));
}

export async function deleteFile(db: DbOrTx, uid: string): Promise<void> {
  await db.delete(files).where(eq(files.v_uid, uid));
}
