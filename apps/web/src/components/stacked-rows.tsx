import { Box, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Column, Selection } from './table-columns';

/** Below this width a list whose columns name their stack places draws each row as a card. */
export const STACK_QUERY = '(max-width: 48em)';

/** Whether these columns are drawn as cards now: they mark their places and the screen is narrow. */
export function useStacked<T>(columns: Column<T>[]): boolean {
  const narrow = useMediaQuery(STACK_QUERY, false, { getInitialValueInEffect: false });
  return narrow && columns.some((c) => c.stack !== undefined);
}

/** A click on a button or link inside a row (or card) is that control's, not the row's. */
function fromControl(target: EventTarget, row: Element): boolean {
  const control = target instanceof Element ? target.closest('button, a, input, label, [role="button"], [role="checkbox"]') : null;
  return control !== null && control !== row && row.contains(control);
}

/** What makes a table row or a card open its record: click (not on a control inside), Enter or Space, focus and a name. */
export function rowOpener<T>(row: T, onRowClick: ((row: T) => void) | undefined, rowLabel: ((row: T) => string) | undefined) {
  if (!onRowClick) return {};
  return {
    onClick: (e: React.MouseEvent<HTMLElement>) => !fromControl(e.target, e.currentTarget) && onRowClick(row),
    onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => {
      if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        onRowClick(row);
      }
    },
    tabIndex: 0,
    'aria-label': rowLabel?.(row),
  };
}

interface StackedRowsProps<T> {
  columns: Column<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  selection?: Selection;
  onToggle: (id: string) => void;
  label?: string;
}

/**
 * The rows of a list as stacked cards, for a phone: the date and the status on top, the title and
 * the amount under them (the four a person looks for, never behind a sideways scroll), then each
 * other column with its header. A list without a date (people, cards, accounts) puts its title
 * where the date would be, beside the status (or the amount, when it has no status). Shared by every list through `DataTable` (columns with `stack`).
 */
export function StackedRows<T>({ columns, rows, getRowId, onRowClick, rowLabel, selection, onToggle, label }: StackedRowsProps<T>) {
  const at = (place: Column<T>['stack']) => columns.find((c) => c.stack === place);
  const [date, title, amount, status] = [at('date'), at('title'), at('amount'), at('status')];
  const rest = columns.filter((c) => c.stack === undefined);
  return (
    <Box component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }} data-layout="stacked">
      {rows.map((row) => {
        const id = getRowId(row);
        const selectable = selection ? (selection.isSelectable?.(id) ?? true) : false;
        const titleBox = (
          <Box data-stack="title" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title?.render(row)}
          </Box>
        );
        const amountBox = amount ? (
          <Box data-stack="amount" style={{ flexShrink: 0 }}>
            {amount.render(row)}
          </Box>
        ) : null;
        // Without a date the title moves up beside the status (or, without a status, beside the amount).
        const amountOnTop = !date && !status;
        return (
          <Box
            component="li"
            key={id}
            data-row-id={id}
            px="md"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', cursor: onRowClick ? 'pointer' : undefined }}
            {...rowOpener(row, onRowClick, rowLabel)}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {selectable && selection ? (
                    <Checkbox aria-label="Seleccionar registro" checked={selection.selected.has(id)} onChange={() => onToggle(id)} />
                  ) : null}
                  {date ? <Box data-stack="date">{date.render(row)}</Box> : titleBox}
                </Group>
                {status ? (
                  <Box data-stack="status" style={{ flexShrink: 0 }}>
                    {status.render(row)}
                  </Box>
                ) : amountOnTop ? (
                  amountBox
                ) : null}
              </Group>
              {date || (amountBox && !amountOnTop) ? (
                <Group justify={date ? 'space-between' : 'flex-end'} align="flex-start" gap="sm" wrap="nowrap">
                  {date ? titleBox : null}
                  {amountBox}
                </Group>
              ) : null}
              {rest.map((c) => {
                const value = c.render(row);
                // A column with nothing for this row (no action to offer) leaves no bare header behind.
                if (value === null || value === undefined || value === '') return null;
                return (
                  <Group key={c.key} gap={6} align="baseline" wrap="nowrap" justify={c.header ? undefined : 'flex-end'}>
                    {c.header ? (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {c.header}
                      </Text>
                    ) : null}
                    <Box style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</Box>
                  </Group>
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
