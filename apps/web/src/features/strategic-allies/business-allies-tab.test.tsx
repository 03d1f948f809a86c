import { MENU_SEED, PERMISSION_IDS, STATUS_IDS } from '@far/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { BusinessAlliesTab } from './business-allies-tab';

const BUSINESS = '0b8c7a0e-0000-4000-8000-0000000000bb';
const WALLET = '0b8c7a0e-0000-4000-8000-0000000000cc';
const entry = MENU_SEED.find((e) => e.v_url === '/user/wallet')!;

const grants = (names: string[]) => [
  {
    v_uid: entry.v_uid,
    v_uid_children: null,
    v_name: entry.v_name,
    v_url: '/user/wallet',
    v_client_prefix: entry.v_client_prefix,
    v_permissions: names.map((n) => PERMISSION_IDS[n as keyof typeof PERMISSION_IDS]),
    v_icon: 'building',
    i_order: 3,
    i_active: true,
    v_permissions_granted: names.map((n) => PERMISSION_IDS[n as keyof typeof PERMISSION_IDS]),
    granted: names,
  },
];

const ally = (id: string, status: 'pendiente' | 'activo', names: string, binding: string | null = null) => ({
  v_uid: id,
  v_uid_user_wallet: WALLET,
  v_uid_user_business: BUSINESS,
  v_names: names,
  v_rfc: 'TOSD900101AB1',
  v_client: 'BUS000001',
  d_application_at: '2026-11-01T16:00:00.000Z',
  d_binding_at: binding,
  v_uid_status: STATUS_IDS[status],
  v_status: status,
  t_comment: null,
  d_create_at: '2026-11-01T16:00:00.000Z',
  d_update_at: '2026-11-01T16:00:00.000Z',
});

const page = (records: unknown[]) => ({ Records: records, Page: 1, Size: 10, TotalPages: 1, TotalRecords: records.length });

const WALLET_USER = {
  Id: WALLET,
  Name: 'Diego',
  LastName: 'Torres',
  SecondLastName: 'Salas',
  Email: 'wallet@demo.mx',
  Role: { Id: '0b8c7a0e-0000-4000-8000-0000000000dd', Name: 'Wallet' },
  CreationDate: '2026-01-01T00:00:00.000Z',
  Status: { Id: STATUS_IDS.activo, Name: 'activo', IsBlocked: false },
  ClientNumber: 'WAL000001',
  Mobile: null,
};

const fetchMock = signedInWithFetch();

describe('BusinessAlliesTab', () => {
  it('lists the allies, links a wallet user and approves and refuses with confirmation', async () => {
    const posts: Array<Record<string, unknown>> = [];
    const puts: Array<{ url: string; body: Record<string, unknown> }> = [];
    const listUrls: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/rbac/menu/permission') return answer(grants(['Ver', 'Agregar', 'Editar', 'Desvincular']));
      if (url.startsWith('/api/v1/strategic-ally?')) {
        listUrls.push(url);
        return answer(page([ally('a1', 'pendiente', 'Diego Torres Salas'), ally('a2', 'activo', 'Laura Gómez', '2026-11-02T16:00:00.000Z')]));
      }
      if (url === '/api/v1/profiles/wallet/query/getbyid') return answer({ Id: WALLET, Email: 'wallet@demo.mx' });
      if (url === '/api/v1/profiles/wallet/query/list') return answer(page([WALLET_USER]));
      if (url === '/api/v1/strategic-ally' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return answer(ally('a3', 'pendiente', 'Diego Torres Salas'));
      }
      if (url.startsWith('/api/v1/strategic-ally/') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push({ url, body });
        return answer({ ...ally('a1', 'activo', 'Diego Torres Salas'), v_uid_status: body['v_uid_status'] });
      }
      return answer(null, 404);
    });
    const user = userEvent.setup();
    renderWithApp(<BusinessAlliesTab businessId={BUSINESS} />);

    const table = await screen.findByTestId('allies-table');
    const pending = await within(table).findByRole('row', { name: /Diego Torres Salas/ });
    expect(within(pending).getByText('Pendiente')).toBeInTheDocument();
    expect(listUrls[0]).toContain(`v_uid_user_business=${BUSINESS}`);
    await waitFor(() => expect(within(pending).getByText('wallet@demo.mx')).toBeInTheDocument());
    // Actions follow the status: a pending link is approved or refused, an active one unlinked.
    expect(within(pending).queryByRole('button', { name: /Desvincular/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Desvincular Laura Gómez' })).toBeInTheDocument();

    // Link a wallet user picked from the searchable list.
    await user.click(await screen.findByRole('button', { name: 'Vincular usuario Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular usuario Wallet' });
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(await within(dialog).findByText('Este campo es requerido')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Usuario Wallet' }), 'wallet');
    await user.click(await screen.findByRole('option', { name: 'Diego Torres Salas · wallet@demo.mx', hidden: true }));
    await user.type(within(dialog).getByLabelText('RFC (opcional)'), 'tosd900101ab1');
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    await waitFor(() =>
      expect(posts).toEqual([{ v_uid_user_wallet: WALLET, v_uid_user_business: BUSINESS, v_rfc: 'TOSD900101AB1', ConfirmRfcWarning: false }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vincular usuario Wallet' })).toBeNull());

    // Approve, after confirming.
    await user.click(screen.getByRole('button', { name: 'Aprobar Diego Torres Salas' }));
    await user.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(puts).toEqual([{ url: '/api/v1/strategic-ally/a1', body: { v_uid_status: STATUS_IDS.activo } }]));

    // Refusing needs a reason.
    await user.click(screen.getByRole('button', { name: 'Rechazar Diego Torres Salas' }));
    const reject = await screen.findByTestId('form-ally-reject');
    await user.click(within(reject).getByRole('button', { name: 'Rechazar solicitud' }));
    expect(await within(reject).findByText('Indica el motivo del rechazo')).toBeInTheDocument();
    await user.type(within(reject).getByLabelText('Motivo del rechazo'), 'Documentación incompleta');
    await user.click(within(reject).getByRole('button', { name: 'Rechazar solicitud' }));
    await waitFor(() =>
      expect(puts[1]).toEqual({ url: '/api/v1/strategic-ally/a1', body: { v_uid_status: STATUS_IDS.rechazado, t_comment: 'Documentación incompleta' } }),
    );
  });

  it('shows the empty state and hides the actions without permission', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/v1/rbac/menu/permission') return answer(grants(['Ver']));
      if (url.startsWith('/api/v1/strategic-ally?')) return answer(page([]));
      return answer(null, 404);
    });
    renderWithApp(<BusinessAlliesTab businessId={BUSINESS} />);
    expect(await screen.findByText('La empresa no tiene aliados estratégicos')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vincular usuario Wallet' })).toBeNull();
  });
});
