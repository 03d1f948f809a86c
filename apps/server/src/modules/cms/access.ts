import { CMS_SECTION_IDS, type CmsSection } from '@far/contracts';
import type { Actor } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * Readers of published content: a business user reads the business section, a wallet user the
 * wallet section. Staff manage content through /cms and preview it there; they are no readers.
 */
export function readerSection(actor: Actor): CmsSection {
  if (actor.kind === 'BUS') return 'business';
  if (actor.kind === 'WAL') return 'wallet';
  throw new AppError('FORBIDDEN');
}

export const sectionId = (section: CmsSection) => CMS_SECTION_IDS[section];
export const sectionName = (uid: string): CmsSection => (uid === CMS_SECTION_IDS.wallet ? 'wallet' : 'business');
