import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const invalid = (message: string, key: string) => new AppError('VALIDATION', message, { errors: [{ field: 'file', key, message }] });

export interface Upload {
  filename: string;
  content: Buffer;
  /** The text fields of the form, wherever they come in the body. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart form with exactly one file (field `file`). A file over maxBytes is refused
 * with sizeMessage before any of it is kept.
 */
export async function readSingleUpload(req: FastifyRequest, maxBytes: number, sizeMessage: string): Promise<Upload> {
  if (!req.isMultipart()) throw invalid('Este campo es requerido', 'required');
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 20 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated || content.length > maxBytes) throw invalid(sizeMessage, 'fileSize');
      file = { filename: part.filename, content };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(sizeMessage, 'fileSize');
    if (code === 'FST_FILES_LIMIT') throw invalid('Solo se acepta un archivo', 'accept');
    throw invalid('Este campo es requerido', 'required');
  }
  if (!file || file.content.length === 0) throw invalid('Este campo es requerido', 'required');
  return { ...file, fields };
}
