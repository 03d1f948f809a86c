import { CMS_FILE_URL, IMAGE_ACCEPT, imageValues, validateContent, type ContentDefinition, type ContentField } from '@far/contracts';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { sanitiseRichText } from './sanitise';
import { cmsFiles } from './schema';

type Values = Record<string, unknown>;

const FILE_MESSAGE = `Archivo no válido, solo se aceptan imágenes ${IMAGE_ACCEPT}`;

/** Rich text is sanitised before it is measured, so the limits count what readers will see. */
function sanitiseLevel(fields: readonly ContentField[], values: Values, path: string): Values {
  const out: Values = { ...values };
  for (const f of fields) {
    const value = out[f.field];
    if (f.control === 'richtext' && typeof value === 'string') out[f.field] = sanitiseRichText(`${path}${f.field}`, value);
    if (f.control === 'group' && Array.isArray(value)) {
      out[f.field] = value.map((entry, i) => (typeof entry === 'object' && entry !== null ? sanitiseLevel(f.fields ?? [], entry as Values, `${path}${f.field}.${i}.`) : entry));
    }
  }
  return out;
}

/**
 * A content's values as they will be stored: sanitised, checked by the engine against the type's
 * definition (the rules and messages of §5), disabled fields dropped, and every image a file that
 * was uploaded to the CMS (the upload checked size, extension and bytes).
 */
export async function prepareValues(db: DbOrTx, definition: ContentDefinition, input: Values): Promise<Values> {
  const result = validateContent(definition, sanitiseLevel(definition.fields, input, 'Value.'));
  if (!result.ok) {
    const errors = result.errors.map((e) => ({ ...e, field: `Value.${e.field}` }));
    throw new AppError('VALIDATION', errors[0]!.message, { errors });
  }
  const images = imageValues(definition.fields, result.values);
  const ids = images.map((v) => (typeof v === 'string' ? CMS_FILE_URL.exec(v)?.[1]?.toLowerCase() : undefined));
  const known = new Set(
    ids.some((id) => id !== undefined)
      ? (await db.select({ id: cmsFiles.v_uid_file }).from(cmsFiles).where(inArray(cmsFiles.v_uid_file, ids.filter((id): id is string => id !== undefined)))).map((r) => r.id)
      : [],
  );
  if (ids.some((id) => id === undefined || !known.has(id))) {
    throw new AppError('VALIDATION', FILE_MESSAGE, { errors: [{ field: 'Value', key: 'accept', message: FILE_MESSAGE }] });
  }
  return result.values;
}
