import { pagesFor } from '@far/contracts';

/** The Page/Size request of the profiles family. */
export interface PageInput {
  Page: number;
  Size: number;
}

export const offsetOf = (q: PageInput) => (q.Page - 1) * q.Size;

/** `{ Records, Page, Size, TotalPages, TotalRecords }` of docs/api.md. */
export function toPage<T>(Records: T[], total: number, q: PageInput) {
  return { Records, Page: q.Page, Size: q.Size, TotalPages: pagesFor(total, q.Size), TotalRecords: total };
}

/** An ILIKE pattern that matches the text literally: % and _ typed by a person are not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
