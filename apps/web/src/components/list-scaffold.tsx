import { Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useNetwork } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../lib/api-client';
import { countOf } from '../lib/lifecycle';
import { openConfirmDialog } from './confirm-dialog';
import { DataTable, type Column, type Sort, type TableState } from './data-table';

/** One page of any list, whatever the server calls its fields. */
export interface ListPage<T> {
  rows: T[];
  page: number;
  totalPages: number;
  total: number;
}

export const fromPage = <T,>(p: { Records: T[]; Page: number; TotalPages: number; TotalRecords: number } | undefined): ListPage<T> | undefined =>
  p && { rows: p.Records, page: p.Page, totalPages: p.TotalPages, total: p.TotalRecords };

export const fromPerPage = <T,>(p: { items: T[]; page: number; pages: number; total: number } | undefined): ListPage<T> | undefined =>
  p && { rows: p.items, page: p.page, totalPages: p.pages, total: p.total };

/** The server sort of a list, as the list calls send it (contracts `sortQuery`). */
export interface ListSort {
  SortBy: string;
  SortDir: 'asc' | 'desc';
}

/**
 * Page, page size, sort, filters (applied after a short pause, so typing does not send a call per key)
 * and the selected rows of a list. Changing a filter or the size goes back to page 1 and clears
 * the selection.
 */
export function useListState<F extends object>(initial: F, { size: initialSize = 10 }: { size?: number } = {}) {
  const [page, setPage] = useState(1);
  const [size, setSizeState] = useState(initialSize);
  const [filters, setFilters] = useState<F>(initial);
  const [applied] = useDebouncedValue(filters, 350);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sort, setSortState] = useState<ListSort | null>(null);
  const setFilter = (patch: Partial<F>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected(new Set());
  };
  const setSize = (next: number) => {
    setSizeState(next);
    setPage(1);
    setSelected(new Set());
  };
  // A new order starts again from the first page.
  const setSort = (next: ListSort | null) => {
    setSortState(next);
    setPage(1);
    setSelected(new Set());
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  return {
    page,
    setPage: changePage,
    size,
    setSize,
    filters,
    applied,
    setFilter,
    sort,
    setSort,
    reset: () => setFilter(initial),
    /** Whether any filter differs from the initial value (for the empty text). */
    filtered: JSON.stringify(applied) !== JSON.stringify(initial),
    selected,
    setSelected,
  };
}

export type ListState<F extends object = object> = ReturnType<typeof useListState<F>>;

/**
 * What a list query shows. A query paused for lack of network, or one that failed to connect, is
 * offline; never empty.
 */
export function tableStateOf(
  query: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'data' | 'fetchStatus'>,
  rowCount: number,
  online: boolean,
): TableState {
  if (query.isError) {
    const noAnswer = isApiError(query.error) && query.error.status === 0 && query.error.code === 'NETWORK';
    return !online || noAnswer ? 'offline' : 'error';
  }
  if (query.data === undefined) return query.fetchStatus === 'paused' || !online ? 'offline' : 'loading';
  return rowCount === 0 ? 'empty' : 'ready';
}

/** A bulk action: offered for the selected rows whose status allows it, and run on those only. */
export interface BulkAction<T> {
  key: string;
  label: string;
  color?: string;
  danger?: boolean;
  allows: (row: T) => boolean;
  run: (rows: T[]) => void;
}

export interface ListScaffoldProps<T, F extends object> {
  list: ListState<F>;
  query: UseQueryResult<unknown>;
  page: ListPage<T> | undefined;
  columns: Column<T>[];
  getRowId: (row: T) => string;
  /** The filter controls, shown above the table. */
  filters?: ReactNode;
  emptyText: string;
  /** Shown instead of `emptyText` when a filter is set. */
  filteredEmptyText?: string;
  bulk?: { noun: { one: string; many: string }; actions: BulkAction<T>[]; pending?: string | null; isSelectable?: (row: T) => boolean };
  /** A row click opens a drawer with this content. */
  detail?: { title: (row: T) => ReactNode; render: (row: T, close: () => void) => ReactNode; label: (row: T) => string; size?: string };
  /** Or a row click does this (navigates to the detail page). */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  testId?: string;
  caption?: string;
  /** Without a page-size choice (lists whose size the spec fixes and shows in full). */
  fixedSize?: boolean;
}

/**
 * The scaffold of every list: filters, sortable columns, page size, paging with the total, bulk
 * actions by status, a detail drawer, and loading, empty, error and offline states.
 */
export function ListScaffold<T, F extends object>({
  list,
  query,
  page,
  columns,
  getRowId,
  filters,
  emptyText,
  filteredEmptyText,
  bulk,
  detail,
  onRowClick,
  rowLabel,
  testId,
  caption,
  fixedSize,
}: ListScaffoldProps<T, F>) {
  const { online } = useNetwork();
  // The opened row is kept as clicked: a list that refreshes itself (the mailbox, every 5 s) may
  // push it off the page, and the drawer must not close under the reader. Fresh data wins.
  const [opened, setOpened] = useState<{ id: string; row: T } | null>(null);
  const openId = opened?.id ?? null;
  const rows = page?.rows;
  const state = tableStateOf(query, rows?.length ?? 0, online);
  const selectedRows = (rows ?? []).filter((r) => list.selected.has(getRowId(r)));
  const openRow = opened ? ((rows ?? []).find((r) => getRowId(r) === opened.id) ?? opened.row) : undefined;
  const close = () => setOpened(null);
  const selectable = bulk && bulk.actions.length > 0;
  // Columns with a sortField are sorted by the server (the whole list); the table shows its key.
  const serverSorted = columns.some((c) => c.sortField !== undefined);
  const sortKey = list.sort ? columns.find((c) => c.sortField === list.sort?.SortBy)?.key : undefined;
  const onSortChange = (next: Sort) => {
    const field = next ? columns.find((c) => c.key === next.key)?.sortField : undefined;
    list.setSort(next && field ? { SortBy: field, SortDir: next.dir } : null);
  };

  const bulkBar =
    selectable && selectedRows.length > 0 ? (
      <Group gap="xs" data-testid="bulk-actions">
        <Text size="sm" c="dimmed">
          {countOf(selectedRows.length, 'seleccionado', 'seleccionados')}
        </Text>
        {bulk.actions.map((action) => {
          const applicable = selectedRows.filter(action.allows);
          if (applicable.length === 0) return null;
          return (
            <Button
              key={action.key}
              size="xs"
              variant="light"
              color={action.color}
              loading={bulk.pending === action.key}
              disabled={!!bulk.pending && bulk.pending !== action.key}
              onClick={() =>
                openConfirmDialog({
                  title: `${action.label} ${bulk.noun.many}`,
                  message:
                    applicable.length === selectedRows.length
                      ? `Se van a ${action.label.toLowerCase()} ${countOf(applicable.length, bulk.noun.one, bulk.noun.many)}. Si alguno no se puede, no se cambia ninguno.`
                      : `Se van a ${action.label.toLowerCase()} ${countOf(applicable.length, bulk.noun.one, bulk.noun.many)} de los ${selectedRows.length} seleccionados; los demás ya están así.`,
                  confirmLabel: action.label,
                  danger: action.danger,
                  onConfirm: () => action.run(applicable),
                })
              }
            >
              {applicable.length === selectedRows.length ? action.label : `${action.label} (${applicable.length})`}
            </Button>
          );
        })}
      </Group>
    ) : null;

  return (
    <Stack gap="md">
      {filters || bulkBar ? (
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
            {filters}
            {bulkBar}
          </Group>
        </Paper>
      ) : null}
      <DataTable
        testId={testId}
        caption={caption}
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        state={state}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={list.filtered && filteredEmptyText ? filteredEmptyText : emptyText}
        activeRowId={openId}
        sort={serverSorted ? { value: sortKey && list.sort ? { key: sortKey, dir: list.sort.SortDir } : null, onChange: onSortChange } : undefined}
        onRowClick={detail ? (r) => setOpened({ id: getRowId(r), row: r }) : onRowClick}
        rowLabel={detail ? detail.label : rowLabel}
        selection={
          selectable
            ? {
                selected: list.selected,
                onChange: list.setSelected,
                isSelectable: bulk.isSelectable ? (id) => rows?.some((r) => getRowId(r) === id && bulk.isSelectable?.(r)) ?? false : undefined,
              }
            : undefined
        }
        paging={
          page
            ? {
                page: page.page,
                totalPages: page.totalPages,
                total: page.total,
                onPageChange: list.setPage,
                size: fixedSize ? undefined : list.size,
                onSizeChange: fixedSize ? undefined : list.setSize,
              }
            : undefined
        }
      />
      {detail ? (
        <Drawer
          opened={openRow !== undefined}
          onClose={close}
          title={openRow ? detail.title(openRow) : ''}
          position="right"
          size={detail.size ?? 'lg'}
          closeButtonProps={{ 'aria-label': 'Cerrar' }}
        >
          {openRow ? detail.render(openRow, close) : null}
        </Drawer>
      ) : null}
    </Stack>
  );
}
