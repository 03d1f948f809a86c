import { MENU_SEED, PERMISSION_IDS, type MenuEntry } from '@far/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp } from '../../test/render';
import { PermissionMatrix, type Grants } from './permission-matrix';
import { RoleForm, entriesFor } from './role-form';

/** The menu as GET /api/v1/rbac/menu/all gives it: permission ids, not names. */
const ALL_MENU: MenuEntry[] = MENU_SEED.map((e) => ({
  v_uid: e.v_uid,
  v_uid_children: null,
  v_name: e.v_name,
  v_url: e.v_url,
  v_client_prefix: e.v_client_prefix,
  v_permissions: e.v_permissions.map((p) => PERMISSION_IDS[p]),
  v_icon: e.v_icon,
  i_order: e.i_order,
  i_active: true,
}));
const byUrl = (url: string) => ALL_MENU.find((e) => e.v_url === url)!;

function Harness({ initial = {}, onChange }: { initial?: Grants; onChange?: (g: Grants) => void }) {
  const [grants, setGrants] = useState<Grants>(initial);
  return (
    <PermissionMatrix
      entries={entriesFor(ALL_MENU, 'FAR')}
      value={grants}
      onChange={(g) => {
        setGrants(g);
        onChange?.(g);
      }}
    />
  );
}

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('PermissionMatrix', () => {
  it('has one row per menu entry of the kind and a box only where the entry offers the permission', () => {
    renderWithApp(<Harness />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ALL_MENU.filter((e) => e.v_client_prefix.includes('FAR')).length);
    expect(screen.queryByRole('row', { name: /Alta de cuentas/ })).not.toBeInTheDocument();

    // Dashboard offers only Ver; Perfil offers Ver and Editar; Roles y permisos offers all six.
    expect(screen.getByRole('checkbox', { name: 'Ver en Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Editar en Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Editar en Perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Borrar en Perfil' })).not.toBeInTheDocument();
    for (const p of ['Ver', 'Agregar', 'Editar', 'Borrar', 'Desactivar', 'Desvincular']) {
      expect(screen.getByRole('checkbox', { name: `${p} en Roles y permisos` })).toBeInTheDocument();
    }
  });

  it('granting a permission grants Ver too; removing Ver clears the row', async () => {
    const user = userEvent.setup();
    const changes: Grants[] = [];
    renderWithApp(<Harness onChange={(g) => changes.push(g)} />);

    await user.click(screen.getByRole('checkbox', { name: 'Editar en Perfil' }));
    expect(screen.getByRole('checkbox', { name: 'Editar en Perfil' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ver en Perfil' })).toBeChecked();
    expect(changes.at(-1)).toEqual({ [byUrl('/profile').v_uid]: [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar] });

    await user.click(screen.getByRole('checkbox', { name: 'Editar en Perfil' }));
    expect(screen.getByRole('checkbox', { name: 'Editar en Perfil' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ver en Perfil' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Editar en Perfil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ver en Perfil' }));
    expect(screen.getByRole('checkbox', { name: 'Ver en Perfil' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Editar en Perfil' })).not.toBeChecked();
    expect(changes.at(-1)).toEqual({});
  });

  it('the row box grants or clears everything the entry offers', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const row = screen.getByRole('checkbox', { name: 'Todos los permisos en Logs' });
    await user.click(row);
    expect(screen.getByRole('checkbox', { name: 'Ver en Logs' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Todos los permisos en Roles y permisos' }));
    for (const p of ['Ver', 'Agregar', 'Editar', 'Borrar', 'Desactivar', 'Desvincular']) {
      expect(screen.getByRole('checkbox', { name: `${p} en Roles y permisos` })).toBeChecked();
    }
    await user.click(screen.getByRole('checkbox', { name: 'Borrar en Roles y permisos' }));
    expect(screen.getByRole('checkbox', { name: 'Todos los permisos en Roles y permisos' })).toHaveAttribute('data-indeterminate', 'true');
  });
});

describe('RoleForm', () => {
  it('creates a role with the permissions ticked in the matrix', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/rbac/menu/all') return answer(ALL_MENU);
      if (url === '/api/v1/rbac/create') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return answer({
          v_uid: '0b8c7a0e-0000-4000-8000-000000000099',
          v_name: body['v_name'],
          v_client_prefix: 'BUS',
          i_active: true,
          b_system: false,
          i_users: 0,
          d_create_at: '2026-01-01T00:00:00.000Z',
          d_update_at: '2026-01-01T00:00:00.000Z',
          Permissions: body['Permissions'],
        });
      }
      return answer(null, 404);
    });
    const user = userEvent.setup();
    const done = vi.fn();
    renderWithApp(<RoleForm onDone={done} onCancel={() => {}} />);

    // Empty submit: the name shows its message and nothing is sent.
    await user.click(await screen.findByRole('button', { name: 'Crear rol' }));
    expect(await screen.findByText('Este campo es requerido')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/v1/rbac/create')).toBe(false);

    await user.type(screen.getByLabelText(/Nombre del rol/), 'Operador business');
    await user.click(screen.getByRole('radio', { name: 'Business (BUS)' }));
    // The rows follow the client kind.
    const matrix = await screen.findByTestId('permission-matrix');
    expect(within(matrix).getByText('Alta de cuentas')).toBeInTheDocument();
    expect(within(matrix).queryByText('Roles y permisos')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Agregar en Alta de cuentas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ver en Ayuda' }));
    await user.click(screen.getByRole('button', { name: 'Crear rol' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    const create = fetchMock.mock.calls.find(([u]) => String(u) === '/api/v1/rbac/create');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      v_name: 'Operador business',
      v_client_prefix: 'BUS',
      i_active: true,
      Permissions: [
        { v_uid_menu: byUrl('/account').v_uid, v_permissions: [PERMISSION_IDS.Ver, PERMISSION_IDS.Agregar] },
        { v_uid_menu: byUrl('/help').v_uid, v_permissions: [PERMISSION_IDS.Ver] },
      ],
    });
  });
});
