import { Badge, Text } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, screenIs } from '../test/render';
import { DataTable, type Column } from './data-table';
import { FilterSelect } from './list-filters';

interface Move {
  Id: string;
  Day: string;
  Payee: string;
  Amount: string;
  Status: string;
  Key: string;
}

const ROWS: Move[] = [
  { Id: 'm1', Day: '27/11/2026 10:05', Payee: 'Ana López', Amount: '-$120.50', Status: 'Liquidada', Key: 'FAR123' },
  { Id: 'm2', Day: '26/11/2026 09:00', Payee: 'Cliente Mayorista SA de CV', Amount: '$500.00', Status: 'Pendiente', Key: 'FAR456' },
];

const columns: Column<Move>[] = [
  { key: 'date', header: 'Fecha', stack: 'date', render: (m) => m.Day },
  { key: 'payee', header: 'Beneficiario', stack: 'title', render: (m) => <Text size="sm">{m.Payee}</Text> },
  { key: 'key', header: 'Clave de rastreo', render: (m) => m.Key },
  { key: 'amount', header: 'Importe', align: 'right', stack: 'amount', render: (m) => m.Amount },
  { key: 'status', header: 'Estatus', stack: 'status', render: (m) => <Badge>{m.Status}</Badge> },
];

describe('a list of money on a phone', () => {
  it('draws each row as a card: date and status on top, payee and amount under them, the rest with its header', () => {
    screenIs(true);
    renderWithApp(<DataTable testId="moves" columns={columns} rows={ROWS} getRowId={(m) => m.Id} caption="Movimientos" />);
    const list = screen.getByRole('list', { name: 'Movimientos' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    const slot = (name: string) => first.querySelector(`[data-stack="${name}"]`)?.textContent;
    expect([slot('date'), slot('status'), slot('title'), slot('amount')]).toEqual(['27/11/2026 10:05', 'Liquidada', 'Ana López', '-$120.50']);
    // The top line holds the date then the status, the next one the payee then the amount.
    const [top, middle] = Array.from(first.firstElementChild!.children);
    expect(top!.textContent).toBe('27/11/2026 10:05Liquidada');
    expect(middle!.textContent).toBe('Ana López-$120.50');
    expect(within(first).getByText('Clave de rastreo')).toBeInTheDocument();
    expect(within(first).getByText('FAR123')).toBeInTheDocument();
  });

  it('leaves out of a card a column with nothing for that row, header included', () => {
    screenIs(true);
    const withAction: Column<Move>[] = [
      ...columns,
      { key: 'action', header: 'Acciones', render: (m) => (m.Id === 'm1' ? <button type="button">Disputar</button> : null) },
    ];
    renderWithApp(<DataTable columns={withAction} rows={ROWS} getRowId={(m) => m.Id} caption="Movimientos" />);
    const [first, second] = within(screen.getByRole('list', { name: 'Movimientos' })).getAllByRole('listitem');
    expect(within(first!).getByText('Acciones')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Disputar' })).toBeInTheDocument();
    expect(within(second!).queryByText('Acciones')).toBeNull();
  });

  it('opens a row from its card by click or keyboard, not from a control inside it', async () => {
    screenIs(true);
    const open = vi.fn();
    const withButton: Column<Move>[] = [...columns, { key: 'proof', header: '', render: (m) => <button type="button">Comprobante {m.Key}</button> }];
    renderWithApp(<DataTable columns={withButton} rows={ROWS} getRowId={(m) => m.Id} onRowClick={open} rowLabel={(m) => `Ver el movimiento de ${m.Payee}`} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Comprobante FAR123' }));
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Ver el movimiento de Ana López'));
    expect(open).toHaveBeenLastCalledWith(ROWS[0]);
    screen.getByLabelText('Ver el movimiento de Cliente Mayorista SA de CV').focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(ROWS[1]);
  });

  it('says an empty list in full, outside any table', () => {
    screenIs(true);
    renderWithApp(<DataTable testId="moves" columns={columns} rows={[]} getRowId={(m) => m.Id} emptyText="No tienes transferencias en curso" />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No tienes transferencias en curso');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the table on a wide screen, and for lists whose columns name no places', () => {
    screenIs(false);
    const { unmount } = renderWithApp(<DataTable columns={columns} rows={ROWS} getRowId={(m) => m.Id} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    unmount();
    screenIs(true);
    renderWithApp(<DataTable columns={columns.map(({ stack: _stack, ...c }) => c)} rows={ROWS} getRowId={(m) => m.Id} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

describe('a filter of a list', () => {
  it('reads «Todos» with nothing chosen, and comes back to it when cleared', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithApp(<FilterSelect label="Estatus" all="Todos" data={[{ value: '1', label: 'Abierta' }]} value="1" onChange={onChange} />);
    expect(screen.getByLabelText('Estatus', { selector: 'input' })).toHaveValue('Abierta');
    rerender(<FilterSelect label="Estatus" all="Todos" data={[{ value: '1', label: 'Abierta' }]} value={null} onChange={onChange} />);
    expect(screen.getByLabelText('Estatus', { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText('Estatus', { selector: 'input' })).toHaveAttribute('placeholder', 'Todos');
  });
});
