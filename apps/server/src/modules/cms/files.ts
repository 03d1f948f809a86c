import { cmsFileUrl, type CmsFile } from '@far/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { Upload } from '../../platform/upload';
import { recordActivity } from '../audit';
import { IMAGE_ACCEPT_MESSAGE, checkImage, getFile, replaceFile, storeFile } from '../files';
import { cmsFiles } from './schema';

// Anything in an SVG that can run: script elements, event attributes, javascript: URLs, and
// foreignObject (HTML inside the image). One function, to be swapped for a sanitiser later.
const SCRIPTED_SVG = /<\s*script|\son[a-z]+\s*=|javascript\s*:|foreignObject/i;

export function refuseScriptedSvg(name: string, content: Buffer): void {
  if (!name.toLowerCase().endsWith('.svg') || !SCRIPTED_SVG.test(content.toString('utf8'))) return;
  throw new AppError('VALIDATION', IMAGE_ACCEPT_MESSAGE, { errors: [{ field: 'file', key: 'accept', message: IMAGE_ACCEPT_MESSAGE }] });
}

/** Size, extension and bytes (the files module), and no script in an SVG. */
async function checked(upload: Upload): Promise<string> {
  refuseScriptedSvg(upload.filename, upload.content);
  return checkImage(upload.filename, upload.content);
}

const present = (id: string, upload: Upload, mediaType: string): CmsFile => ({ Id: id, Url: cmsFileUrl(id), Name: upload.filename, MediaType: mediaType, Size: upload.content.length });

export async function uploadFile(tx: DbOrTx, actor: Actor, upload: Upload): Promise<CmsFile> {
  const mediaType = await checked(upload);
  const id = await storeFile(tx, { name: upload.filename, mediaType, content: upload.content, ownerId: actor.userId });
  await tx.insert(cmsFiles).values({ v_uid_file: id, v_uid_author: actor.userId });
  await recordActivity(tx, { actor, section: 'Administrador de contenido', action: 'Agregar', activity: `Carga de la imagen ${upload.filename}` });
  return present(id, upload, mediaType);
}

async function cmsFileRow(db: DbOrTx, uid: string) {
  const [row] = await db.select().from(cmsFiles).where(eq(cmsFiles.v_uid_file, uid));
  const file = row ? await getFile(db, uid) : undefined;
  if (!file) throw notFound('Archivo no encontrado');
  return file;
}

export async function replaceCmsFile(tx: DbOrTx, actor: Actor, uid: string, upload: Upload): Promise<CmsFile> {
  await cmsFileRow(tx, uid);
  const mediaType = await checked(upload);
  await replaceFile(tx, uid, { name: upload.filename, mediaType, content: upload.content });
  await recordActivity(tx, { actor, section: 'Administrador de contenido', action: 'Editar', activity: `Reemplazo de la imagen ${upload.filename}` });
  return present(uid, upload, mediaType);
}

/** Only files uploaded through the CMS are served here; other modules' files stay private. */
export const readCmsFile = cmsFileRow;
