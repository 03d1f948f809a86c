// What a column of a DataTable is, apart from the table itself (the stacked phone rows read it too).
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Makes the column sortable by this value (the rows of the page shown). */
  sortValue?: (row: T) => string | number | bigint | null | undefined;
  /** Makes the column sortable by the server, by this whitelisted field (a list with `sort`). */
  sortField?: string;
  /**
   * Its place in the stacked card a row becomes on a phone (a list of money marks date, title,
   * amount and status, so that all four show without scrolling). Unmarked columns follow below,
   * each with its header.
   */
  stack?: StackPlace;
}

export type StackPlace = 'date' | 'title' | 'amount' | 'status';

export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Rows that cannot be selected (for example, system records or one's own user). */
  isSelectable?: (id: string) => boolean;
}
