import { Box, Center, Checkbox, Group, Loader, Pagination, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { integer } from '../lib/format';
import { ErrorAlert } from './error-alert';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface Paging {
  page: number;
  totalPages: number;
  total: number;
  onPageChange: (page: number) => void;
}

export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Rows that cannot be selected (for example, system records). */
  isSelectable?: (id: string) => boolean;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  getRowId: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText?: string;
  paging?: Paging;
  selection?: Selection;
  onRowClick?: (row: T) => void;
  activeRowId?: string | null;
  caption?: string;
  testId?: string;
}

/**
 * The one table of the app: loading, empty ("Sin registros") and error states, server paging and
 * optional row selection. Rows come already paged from the server.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  loading,
  error,
  onRetry,
  emptyText = 'Sin registros',
  paging,
  selection,
  onRowClick,
  activeRowId,
  caption,
  testId,
}: DataTableProps<T>) {
  const list = rows ?? [];
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

  let body: ReactNode;
  if (error && !loading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <ErrorAlert error={error} title="No fue posible cargar la información" onRetry={onRetry} />
        </Table.Td>
      </Table.Tr>
    );
  } else if (loading && list.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Center py="xl" aria-live="polite">
            <Group gap="xs">
              <Loader size="sm" />
              <Text c="dimmed" size="sm">
                Cargando…
              </Text>
            </Group>
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (list.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Center py="xl">
            <Text c="dimmed" data-testid="empty-state">
              {emptyText}
            </Text>
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = list.map((row) => {
      const id = getRowId(row);
      const selectable = selection ? (selection.isSelectable?.(id) ?? true) : false;
      return (
        <Table.Tr
          key={id}
          data-row-id={id}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
          bg={activeRowId === id ? 'var(--mantine-color-blue-light)' : selection?.selected.has(id) ? 'var(--mantine-color-gray-0)' : undefined}
        >
          {selection ? (
            <Table.Td w={40} onClick={(e) => e.stopPropagation()}>
              {selectable ? (
                <Checkbox aria-label="Seleccionar registro" checked={selection.selected.has(id)} onChange={() => toggleOne(id)} />
              ) : null}
            </Table.Td>
          ) : null}
          {columns.map((c) => (
            <Table.Td key={c.key} ta={c.align}>
              {c.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Paper withBorder radius="md" data-testid={testId}>
      <ScrollArea type="auto">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover={list.length > 0} aria-busy={loading ? true : undefined}>
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
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </ScrollArea>
      {paging && !error ? (
        <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {integer(paging.total)} {paging.total === 1 ? 'registro' : 'registros'}
              {loading && list.length > 0 ? ' · actualizando…' : ''}
            </Text>
            <Stack gap={0}>
              <Pagination
                size="sm"
                total={Math.max(1, paging.totalPages)}
                value={paging.page}
                onChange={paging.onPageChange}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'next' ? 'Página siguiente' : control === 'previous' ? 'Página anterior' : control === 'first' ? 'Primera página' : 'Última página',
                })}
              />
            </Stack>
          </Group>
        </Box>
      ) : null}
    </Paper>
  );
}
