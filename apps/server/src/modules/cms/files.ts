import { cmsFileUrl, type CmsFile } from '@far/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { Upload } from '../../platform/upload';
import { recordActivity } from '../audit';
import { checkImage, getFile, replaceFile, storeFile } from '../files';
import { cmsFiles } from './schema';

const present = (id: string, upload: Upload, mediaType: string, content: Buffer): CmsFile => ({
  Id: id,
  Url: cmsFileUrl(id),
  Name: upload.filename,
  MediaType: mediaType,
  Size: content.length,
});

export async function uploadFile(tx: DbOrTx, actor: Actor, upload: Upload): Promise<CmsFile> {
  // Size, extension, sniffed bytes, and an SVG sanitised (refused if it held anything active).
  const { mediaType, content } = await checkImage(upload.filename, upload.content);
  const id = await storeFile(tx, { name: upload.filename, mediaType, content, ownerId: actor.userId });
  await tx.insert(cmsFiles).values({ v_uid_file: id, v_uid_author: actor.userId });
  await recordActivity(tx, { actor, section: 'Administrador de contenido', action: 'Agregar', activity: `Carga de la imagen ${upload.filename}` });
  return present(id, upload, mediaType, content);
}

async function cmsFileRow(db: DbOrTx, uid: string) {
  const [row] = await db.select().from(cmsFiles).where(eq(cmsFiles.v_uid_file, uid));
  const file = row ? await getFile(db, uid) : undefined;
  if (!file) throw notFound('Archivo no encontrado');
  return file;
}

export async function replaceCmsFile(tx: DbOrTx, actor: Actor, uid: string, upload: Upload): Promise<CmsFile> {
  await cmsFileRow(tx, uid);
  const { mediaType, content } = await checkImage(upload.filename, upload.content);
  await replaceFile(tx, uid, { name: upload.filename, mediaType, content });
  await recordActivity(tx, { actor, section: 'Administrador de contenido', action: 'Editar', activity: `Reemplazo de la imagen ${upload.filename}` });
  return present(uid, upload, mediaType, content);
}

/** Only files uploaded through the CMS are served here; other modules' files stay private. */
export const readCmsFile = cmsFileRow;
