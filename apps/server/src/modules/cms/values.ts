import {
  CMS_FILE_URL,
  HELP_LINK_MESSAGE,
  IMAGE_ACCEPT,
  TUTORIAL_LINK_FIELD,
  helpLinkTitle,
  imageValues,
  validateContent,
  type CmsSection,
  type ContentDefinition,
  type ContentField,
} from '@far/contracts';
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
      out[f.field] = value.map((entry, i) =>
        typeof entry === 'object' && entry !== null ? sanitiseLevel(f.fields ?? [], entry as Values, `${path}${f.field}.${i}.`) : entry,
      );
    }
  }
  return out;
}

/** Every help link of the values ('link' fields, in groups too) with its path, for the error. */
function linksOf(fields: readonly ContentField[], values: Values, path: string): Array<[string, string]> {
  return fields.flatMap((f): Array<[string, string]> => {
    const value = values[f.field];
    if (f.field === TUTORIAL_LINK_FIELD.field && typeof value === 'string' && value !== '') return [[`${path}${f.field}`, value]];
    if (f.control === 'group' && Array.isArray(value))
      return value.flatMap((entry, i) =>
        typeof entry === 'object' && entry !== null ? linksOf(f.fields ?? [], entry as Values, `${path}${f.field}.${i}.`) : [],
      );
    return [];
  });
}

/**
 * A content's values as they will be stored: sanitised, checked by the engine against the type's
 * definition (the rules and messages of §5), disabled fields dropped, every help link a screen of
 * the readers' section, and every image a file that was uploaded to the CMS (the upload checked size, extension and bytes).
 */
export async function prepareValues(db: DbOrTx, definition: ContentDefinition, input: Values, section: CmsSection): Promise<Values> {
  const result = validateContent(definition, sanitiseLevel(definition.fields, input, 't_json.'));
  if (!result.ok) {
    const errors = result.errors.map((e) => ({ ...e, field: `t_json.${e.field}` }));
    throw new AppError('VALIDATION', errors[0]!.message, { errors });
  }
  // A help link opens a screen its readers have; anything else would lead them nowhere.
  const badLinks = linksOf(definition.fields, result.values, 't_json.').filter(([, link]) => helpLinkTitle(section, link) === null);
  if (badLinks.length > 0)
    throw new AppError('VALIDATION', HELP_LINK_MESSAGE, { errors: badLinks.map(([field]) => ({ field, key: 'link', message: HELP_LINK_MESSAGE })) });
  const images = imageValues(definition.fields, result.values);
  const ids = images.map((v) => (typeof v === 'string' ? CMS_FILE_URL.exec(v)?.[1]?.toLowerCase() : undefined));
  const known = new Set(
    ids.some((id) => id !== undefined)
      ? (
          await db
            .select({ id: cmsFiles.v_uid_file })
            .from(cmsFiles)
            .where(
              inArray(
                cmsFiles.v_uid_file,
                ids.filter((id): id is string => id !== undefined),
              ),
            )
        ).map((r) => r.id)
      : [],
  );
  if (ids.some((id) => id === undefined || !known.has(id))) {
    throw new AppError('VALIDATION', FILE_MESSAGE, { errors: [{ field: 't_json', key: 'accept', message: FILE_MESSAGE }] });
  }
  return result.values;
}
