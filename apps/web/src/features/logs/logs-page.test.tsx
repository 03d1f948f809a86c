import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { LogsPage } from './logs-page';

const INCIDENT = {
  v_uid: '7a1f0c2e-0000-4000-8000-000000000001',
  d_create_at: '2026-11-28T16:05:00.000Z',
  v_type: 'parse',
  v_message: 'La solicitud no se pudo leer',
  t_detail: 'POST /api/v1/x: Unexpected token',
  v_client: null,
  v_uid_type_incident: null,
};

const fetchMock = signedInWithFetch();

describe('Registros › Incidencias', () => {
  it('names each incident type in Spanish, in the list and in the «Tipo» filter, never its code', async () => {
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      asked.push(url);
      if (url.includes('kind=incident')) return answer({ items: [INCIDENT], page: 1, perPage: 10, pages: 1, total: 1 });
      return answer({ items: [], page: 1, perPage: 10, pages: 0, total: 0 });
    });
    const user = userEvent.setup();
    renderWithApp(<LogsPage />);
    await user.click(await screen.findByRole('tab', { name: /Incidencias/ }));
    const table = await screen.findByTestId('incidents-table');
    await waitFor(() => expect(within(table).getByText('Solicitud ilegible')).toBeInTheDocument());
    expect(within(table).queryByText('parse')).toBeNull();

    await user.click(screen.getAllByLabelText('Tipo').find((e) => e.tagName === 'INPUT')!);
    // Every option of the page's selects: the types, then the page sizes (10, 25…).
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent).filter((o) => !/^\d+$/.test(o ?? ''));
    expect(options).toEqual(['Error del sistema', 'Solicitud ilegible', 'Cifrado de la solicitud', 'STP']);
  });
});
