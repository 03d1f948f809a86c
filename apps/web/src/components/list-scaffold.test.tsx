import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import type { ApiError } from '../lib/api-client';
import { ListScaffold, fromPage, useListState, type BulkAction, type ListSort } from './list-scaffold';
import type { Column } from './data-table';

interface Row {
  Id: string;
  Name: string;
  Amount: number;
  Active: boolean;
}

const ROWS: Row[] = [
  { Id: 'a', Name: 'Beto', Amount: 30, Active: true },
  { Id: 'b', Name: 'Ana', Amount: 10, Active: false },
  { Id: 'c', Name: 'Carla', Amount: 20, Active: true },
];

const columns: Column<Row>[] = [
  { key: 'name', header: 'Nombre', sortValue: (r) => r.Name, render: (r) => r.Name },
  { key: 'amount', header: 'Importe', sortValue: (r) => r.Amount, render: (r) => String(r.Amount) },
];

function Harness({
  load,
  bulk,
  size,
  refetchInterval,
}: {
  load: (page: number, size: number) => Promise<Row[]>;
  bulk?: BulkAction<Row>[];
  size?: number;
  refetchInterval?: number;
}) {
  const list = useListState({ search: '' }, { size });
  const query = useQuery({
    queryKey: ['rows', list.page, list.size],
    queryFn: async () => {
      const rows = await load(list.page, list.size);
      return { Records: rows, Page: list.page, Size: list.size, TotalPages: rows.length === 0 ? 0 : 1, TotalRecords: rows.length };
    },
    refetchInterval,
  });
  return (
    <ListScaffold
      testId="t"
      list={list}
      query={query}
      page={fromPage(query.data)}
      columns={columns}
      getRowId={(r) => r.Id}
      emptyText="Aún no registras cuentas"
      bulk={bulk ? { noun: { one: 'cuenta', many: 'cuentas' }, actions: bulk } : undefined}
      detail={{ title: (r) => `Detalle ${r.Name}`, label: (r) => `Ver ${r.Name}`, render: (r) => <p>Cuerpo de {r.Name}</p> }}
    />
  );
}

const makeError = (status: number, code: string, message: string): ApiError => ({ status, code, message, fieldErrors: [], data: null });

const names = () =>
  within(screen.getByTestId('t'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent ?? '');

/** A list sorted by the server: the call gets the sort, the rows come back in its order. */
function ServerSortHarness({ load }: { load: (page: number, sort: ListSort | null) => Promise<Row[]> }) {
  const list = useListState({ search: '' });
  const query = useQuery({
    queryKey: ['sorted', list.page, list.sort],
    queryFn: async () => ({ Records: await load(list.page, list.sort), Page: list.page, Size: 10, TotalPages: 3, TotalRecords: 30 }),
  });
  const serverColumns: Column<Row>[] = [
    { key: 'name', header: 'Nombre', sortField: 'Name', render: (r) => r.Name },
    { key: 'amount', header: 'Importe', render: (r) => String(r.Amount) },
  ];
  return (
    <ListScaffold testId="t" list={list} query={query} page={fromPage(query.data)} columns={serverColumns} getRowId={(r) => r.Id} emptyText="Sin registros" />
  );
}

describe('ListScaffold', () => {
  it('sorts on the server: sends the field and direction, from page 1, and keeps the order it gets', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async (_page: number, sort: ListSort | null) => (sort?.SortDir === 'desc' ? [ROWS[2]!, ROWS[0]!, ROWS[1]!] : ROWS));
    renderWithApp(<ServerSortHarness load={load} />);
    await screen.findByText('Beto');
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(2, null));
    // Only the column the server can sort by offers sorting.
    expect(screen.queryByRole('button', { name: /Importe/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(1, { SortBy: 'Name', SortDir: 'asc' }));
    // The page as the server ordered it, not re-sorted here.
    expect(names().map((n) => n.slice(0, 3))).toEqual(['Bet', 'Ana', 'Car']);
    await user.click(screen.getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(1, { SortBy: 'Name', SortDir: 'desc' }));
    await waitFor(() => expect(names().map((n) => n.slice(0, 3))).toEqual(['Car', 'Bet', 'Ana']));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending');
    // A third click leaves the server's own order (page 1 without a sort, already in the cache).
    await user.click(screen.getByRole('button', { name: /Nombre/ }));
    await waitFor(() => expect(names().map((n) => n.slice(0, 3))).toEqual(['Bet', 'Ana', 'Car']));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).not.toHaveAttribute('aria-sort');
  });

  it('sorts by a column, ascending then descending', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness load={async () => ROWS} />);
    await screen.findByText('Beto');
    expect(names()[0]).toContain('Beto');
    await user.click(screen.getByRole('button', { name: /Nombre/ }));
    expect(names().map((n) => n.slice(0, 3))).toEqual(['Ana', 'Bet', 'Car']);
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Importe/ }));
    await user.click(screen.getByRole('button', { name: /Importe/ }));
    expect(names().map((n) => n.slice(0, 3))).toEqual(['Bet', 'Car', 'Ana']);
  });

  it('offers 10, 25, 50 and 100 per page and asks again with the size chosen, from page 1', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async () => ROWS);
    renderWithApp(<Harness load={load} size={5} />);
    await screen.findByText('Beto');
    expect(load).toHaveBeenLastCalledWith(1, 5);
    expect(screen.getByTestId('list-total')).toHaveTextContent('3 registros');
    await user.click(screen.getAllByLabelText('Registros por página')[0]!);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith(1, 50));
  });

  it('offers a bulk action only for the selected rows whose status allows it, and runs it on those', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    renderWithApp(<Harness load={async () => ROWS} bulk={[{ key: 'desactivar', label: 'Desactivar', allows: (r) => r.Active, run }]} />);
    await screen.findByText('Beto');
    const checks = screen.getAllByRole('checkbox', { name: 'Seleccionar registro' });
    // Ana is inactive: with only her selected, Desactivar is not offered.
    await user.click(checks[1]!);
    expect(screen.getByTestId('bulk-actions')).toHaveTextContent('1 seleccionado');
    expect(screen.queryByRole('button', { name: /Desactivar/ })).toBeNull();
    await user.click(checks[0]!);
    await user.click(screen.getByRole('button', { name: 'Desactivar (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0].map((r: Row) => r.Id)).toEqual(['a']);
  });

  it('opens the detail drawer on a row click', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness load={async () => ROWS} />);
    await user.click(await screen.findByText('Carla'));
    expect(await screen.findByText('Cuerpo de Carla')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Detalle Carla' })).toBeInTheDocument();
  });

  it('keeps the drawer open when a refresh pushes the opened row off the page', async () => {
    const user = userEvent.setup();
    let rows = ROWS;
    renderWithApp(<Harness load={async () => rows} refetchInterval={30} />);
    await user.click(await screen.findByText('Carla'));
    expect(await screen.findByText('Cuerpo de Carla')).toBeInTheDocument();
    rows = [ROWS[1]!];
    await waitFor(() => expect(screen.getByTestId('t').querySelectorAll('tbody tr')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Detalle Carla' })).toBeInTheDocument();
    expect(screen.getByText('Cuerpo de Carla')).toBeInTheDocument();
  });

  it('shows the empty text only for a list that loaded with no rows', async () => {
    renderWithApp(<Harness load={async () => []} />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Aún no registras cuentas');
  });

  it('a load that cannot reach the server is offline, with Reintentar, never empty', async () => {
    const user = userEvent.setup();
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw makeError(0, 'NETWORK', 'No fue posible conectar con el servidor. Revisa tu conexión.');
      return ROWS;
    });
    renderWithApp(<Harness load={load} />);
    expect(await screen.findByTestId('offline-state')).toHaveTextContent('Sin conexión');
    expect(screen.queryByTestId('empty-state')).toBeNull();
    expect(screen.queryByText('Aún no registras cuentas')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Beto')).toBeInTheDocument();
  });

  it('a server failure shows the error with Reintentar, not the empty text', async () => {
    renderWithApp(<Harness load={async () => Promise.reject(makeError(500, 'HTTP_500', 'Ocurrió un error inesperado. Inténtalo más tarde.'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No fue posible cargar la información');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });
});
