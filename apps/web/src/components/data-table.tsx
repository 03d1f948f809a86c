import { Box, Button, Center, Checkbox, Group, Loader, Pagination, Paper, ScrollArea, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconWifiOff } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { integer } from '../lib/format';
import { ErrorAlert } from './error-alert';
import { StackedRows, rowOpener, useStacked } from './stacked-rows';
import type { Column, Selection } from './table-columns';

export type { Column, Selection, StackPlace } from './table-columns';

export interface Paging {
  page: number;
  totalPages: number;
  total: number;
  onPageChange: (page: number) => void;
  /** With these two, the footer offers the page-size choice. */
  size?: number;
  onSizeChange?: (size: number) => void;
}

/**
 * What the table body shows. `offline` and `error` never fall back to the empty text: a list that
 * could not be read is not an empty list.
 */
export type TableState = 'loading' | 'offline' | 'error' | 'empty' | 'ready';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  /** Explicit state; without it the table derives one from `loading`, `error` and `rows`. */
  state?: TableState;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  paging?: Paging;
  selection?: Selection;
  onRowClick?: (row: T) => void;
  /** Accessible name of the button that opens a row ('Ver detalle de …'). */
  rowLabel?: (row: T) => string;
  activeRowId?: string | null;
  caption?: string;
  testId?: string;
  /**
   * Sorting by the server: the whole list is ordered, not the page shown. Only columns with a
   * `sortField` are sortable then, and the rows are shown in the order they came.
   */
  sort?: { value: Sort; onChange: (next: Sort) => void };
}

export type Sort = { key: string; dir: 'asc' | 'desc' } | null;

/** Off, ascending, descending, off again. */
const nextSort = (s: Sort, key: string): Sort => (s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null);

const collator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : 1;
  return collator.compare(String(a), String(b));
}

function StateRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Loading, offline and failed states of a list, shared by the table and by lists drawn as cards. */
export function ListStatePanel({
  state,
  error,
  onRetry,
  emptyText,
}: {
  state: Exclude<TableState, 'ready'>;
  error?: unknown;
  onRetry?: () => void;
  emptyText: string;
}) {
  if (state === 'error') return <ErrorAlert error={error} title="No fue posible cargar la información" onRetry={onRetry} />;
  if (state === 'offline') {
    return (
      <Center py="xl" data-testid="offline-state" role="alert">
        <Stack align="center" gap="xs">
          <IconWifiOff size={28} aria-hidden />
          <Text fw={600}>Sin conexión</Text>
          <Text size="sm" c="dimmed" ta="center">
            No pudimos cargar la información. Revisa tu conexión a internet.
          </Text>
          {onRetry ? (
            <Button size="xs" variant="light" onClick={onRetry}>
              Reintentar
            </Button>
          ) : null}
        </Stack>
      </Center>
    );
  }
  if (state === 'loading') {
    return (
      <Center py="xl" aria-live="polite">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Cargando…
          </Text>
        </Group>
      </Center>
    );
  }
  return (
    <Center py="xl">
      <Text c="dimmed" data-testid="empty-state">
        {emptyText}
      </Text>
    </Center>
  );
}

/**
 * The one table of the app: loading, empty, error and offline states, sortable columns, server
 * paging with the total and a page-size choice, and optional row selection.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  state: givenState,
  loading,
  error,
  onRetry,
  emptyText = 'Sin registros',
  paging,
  selection,
  onRowClick,
  rowLabel,
  activeRowId,
  caption,
  testId,
  sort: serverSort,
}: DataTableProps<T>) {
  const [localSort, setLocalSort] = useState<Sort>(null);
  const sort = serverSort ? serverSort.value : localSort;
  const sortable = (c: Column<T>) => (serverSort ? c.sortField !== undefined : c.sortValue !== undefined);
  const list = useMemo(() => {
    const base = rows ?? [];
    if (serverSort) return base;
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column?.sortValue) return base;
    const value = column.sortValue;
    const sorted = [...base].sort((a, b) => compare(value(a), value(b)));
    return sort.dir === 'asc' ? sorted : sorted.reverse();
  }, [rows, sort, columns, serverSort]);

  const state: TableState = givenState ?? (error && !loading ? 'error' : loading && list.length === 0 ? 'loading' : list.length === 0 ? 'empty' : 'ready');
  const selectableIds = selection ? list.map(getRowId).filter((id) => selection.isSelectable?.(id) ?? true) : [];
  const allSelected = selectableIds.length > 0 && selectableIds.every((id) => selection?.selected.has(id));
  const someSelected = selectableIds.some((id) => selection?.selected.has(id));
  const colSpan = columns.length + (selection ? 1 : 0);

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (allSelected) selectableIds.forEach((id) => next.delete(id));
    else selectableIds.forEach((id) => next.add(id));
    selection.onChange(next);
  };
  const toggleOne = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const toggleSort = (key: string) => (serverSort ? serverSort.onChange(nextSort(serverSort.value, key)) : setLocalSort((s) => nextSort(s, key)));

  const stacked = useStacked(columns);
  const body: ReactNode =
    state !== 'ready' ? (
      <StateRow colSpan={colSpan}>
        <ListStatePanel state={state} error={error} onRetry={onRetry} emptyText={emptyText} />
      </StateRow>
    ) : (
      list.map((row) => {
        const id = getRowId(row);
        const selectable = selection ? (selection.isSelectable?.(id) ?? true) : false;
        return (
          <Table.Tr
            key={id}
            data-row-id={id}
            {...rowOpener(row, onRowClick, rowLabel)}
            style={onRowClick ? { cursor: 'pointer' } : undefined}
            bg={activeRowId === id ? 'var(--mantine-color-blue-light)' : selection?.selected.has(id) ? 'var(--mantine-color-gray-0)' : undefined}
          >
            {selection ? (
              <Table.Td w={40} onClick={(e) => e.stopPropagation()}>
                {selectable ? <Checkbox aria-label="Seleccionar registro" checked={selection.selected.has(id)} onChange={() => toggleOne(id)} /> : null}
              </Table.Td>
            ) : null}
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.align}>
                {c.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        );
      })
    );

  const showFooter = paging && (state === 'ready' || state === 'empty');
  return (
    <Paper withBorder radius="md" data-testid={testId} data-state={state}>
      {stacked ? (
        state === 'ready' ? (
          <StackedRows
            columns={columns}
            rows={list}
            getRowId={getRowId}
            onRowClick={onRowClick}
            rowLabel={rowLabel}
            selection={selection}
            onToggle={toggleOne}
            label={caption}
          />
        ) : (
          <Box px="md">
            <ListStatePanel state={state} error={error} onRetry={onRetry} emptyText={emptyText} />
          </Box>
        )
      ) : (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover={state === 'ready'} aria-busy={loading ? true : undefined}>
            {caption ? <Table.Caption>{caption}</Table.Caption> : null}
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                {selection ? (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Seleccionar todos"
                      checked={allSelected}
                      indeterminate={!allSelected && someSelected}
                      disabled={selectableIds.length === 0}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                ) : null}
                {columns.map((c) => {
                  const dir = sort?.key === c.key ? sort.dir : null;
                  return (
                    <Table.Th key={c.key} w={c.width} ta={c.align} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                      {sortable(c) ? (
                        <UnstyledButton onClick={() => toggleSort(c.key)} fw={700} fz="sm" data-sort-key={c.key}>
                          <Group gap={4} wrap="nowrap" justify={c.align === 'right' ? 'flex-end' : undefined}>
                            {c.header}
                            {dir === 'asc' ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : dir === 'desc' ? (
                              <IconArrowDown size={14} aria-hidden />
                            ) : (
                              <IconArrowsSort size={14} aria-hidden />
                            )}
                          </Group>
                        </UnstyledButton>
                      ) : (
                        c.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {showFooter ? (
        <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Text size="sm" c="dimmed" data-testid="list-total">
                {integer(paging.total)} {paging.total === 1 ? 'registro' : 'registros'}
                {loading && list.length > 0 ? ' · actualizando…' : ''}
              </Text>
              {paging.size && paging.onSizeChange ? (
                <Select
                  aria-label="Registros por página"
                  size="xs"
                  w={80}
                  allowDeselect={false}
                  data={[...new Set([paging.size, ...PAGE_SIZES])].sort((a, b) => a - b).map(String)}
                  value={String(paging.size)}
                  onChange={(v) => v && paging.onSizeChange?.(Number(v))}
                />
              ) : null}
            </Group>
            <Pagination
              size="sm"
              total={Math.max(1, paging.totalPages)}
              value={paging.page}
              onChange={paging.onPageChange}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'Página siguiente'
                    : control === 'previous'
                      ? 'Página anterior'
                      : control === 'first'
                        ? 'Primera página'
                        : 'Última página',
              })}
            />
          </Group>
        </Box>
      ) : null}
    </Paper>
  );
}
