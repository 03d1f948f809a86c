import { ROLE_IDS } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { answer, renderWithApp } from '../../test/render';
import { StaffForm } from './staff-form';

const DEPARTMENTS = [
  { Id: '5c9dae30-0000-4000-8000-000000000001', Name: 'Administración', IsSystem: true },
  { Id: '5c9dae30-0000-4000-8000-000000000002', Name: 'Soporte Técnico', IsSystem: true },
];
const ROLES = [
  { v_uid: ROLE_IDS.super, v_name: 'super', i_active: true, v_client_prefix: 'FAR' },
  { v_uid: ROLE_IDS.techfar, v_name: 'techfar', i_active: true, v_client_prefix: 'FAR' },
  { v_uid: ROLE_IDS.business, v_name: 'business', i_active: true, v_client_prefix: 'BUS' },
];

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/profiles/departments/list') return answer(DEPARTMENTS);
    if (url === '/api/v1/catalogs/roles') return answer(ROLES);
    return answer(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  session.start({ AccessToken: 'tok', RefreshToken: 'refresh-token-1', ExpiresIn: 3600 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const creates = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/v1/profiles/users/action/create');

describe('StaffForm', () => {
  it('marks every required control of an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<StaffForm onDone={() => {}} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    for (const label of ['Nombre(s)', 'Primer apellido', 'Correo electrónico', 'Puesto']) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(screen.getByRole('combobox', { name: 'Departamento' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Este campo es requerido').length).toBeGreaterThanOrEqual(5);
    // The role starts as Administrador, Mexico +52 as both dialling codes.
    expect(screen.getByRole('combobox', { name: 'Rol' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByDisplayValue('México (+52)')).toHaveLength(2);
    expect(creates()).toHaveLength(0);
  });

  it('checks CURP, e-mail and a Mexican phone of 10 digits before sending', async () => {
    const user = userEvent.setup();
    renderWithApp(<StaffForm onDone={() => {}} onCancel={() => {}} />);
    await user.type(screen.getByLabelText('CURP'), 'HEVL850214MDFRGC0');
    await user.type(screen.getByLabelText('Correo electrónico'), 'no-es-correo');
    await user.type(screen.getByLabelText('Teléfono celular'), '55123');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('La CURP debe tener 18 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Correo electrónico no válido')).toBeInTheDocument();
    expect(screen.getByText('El teléfono debe tener 10 dígitos')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono celular')).toHaveAttribute('aria-invalid', 'true');
    expect(creates()).toHaveLength(0);
  });
});
