import { MENU_SEED, PERMISSION_IDS } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MeData } from '../../lib/api/get-me';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { PersonalDataForm } from './personal-data-form';

const ME: MeData = {
  v_uid: '0b8c7a0e-0000-4000-8000-000000000001',
  v_client: 'BUS000004',
  kind: 'BUS',
  role: { v_uid: 'r', v_name: 'business' },
  isSuper: false,
  status: { v_uid: 's', v_name: 'activo' },
  v_names: 'Ana',
  v_last_name_1: 'López',
  v_last_name_2: null,
  v_email: 'ana@demo.mx',
  v_email_alternative: null,
  v_cell_phone: '5512345678',
  v_phone_code: '+52',
  v_phone: null,
  d_birthdate_at: null,
  v_curp: null,
  v_rfc: null,
  v_ocuppation: null,
  hasPhoto: false,
  hasPin: false,
  b_must_change_password: false,
  d_create_at: '2026-01-01T00:00:00.000Z',
  d_activation_at: null,
};

const profileEntry = MENU_SEED.find((e) => e.v_url === '/profile')!;
const GRANTS = [
  {
    v_uid: profileEntry.v_uid,
    v_uid_children: null,
    v_name: profileEntry.v_name,
    v_url: '/profile',
    v_client_prefix: profileEntry.v_client_prefix,
    v_permissions: [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar],
    v_icon: 'user',
    i_order: 2,
    i_active: true,
    v_permissions_granted: [PERMISSION_IDS.Ver, PERMISSION_IDS.Editar],
    granted: ['Ver', 'Editar'],
  },
];

const fetchMock = signedInWithFetch();

/** The grants of /profile, and a PUT /account/me that answers what it was sent. */
function answerProfileCalls() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/rbac/menu/permission') return answer(GRANTS);
    if (url === '/api/v1/account/me' && init?.method === 'PUT') return answer({ ...ME, ...(JSON.parse(String(init.body)) as object) });
    return answer(null, 404);
  });
}

describe('PersonalDataForm', () => {
  it('saves only after a change, shows field messages and sends blanks as null', async () => {
    answerProfileCalls();
    const user = userEvent.setup();
    renderWithApp(<PersonalDataForm me={ME} />);

    const save = await screen.findByRole('button', { name: 'Guardar cambios' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Teléfono fijo'), '123');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('El teléfono debe tener 10 dígitos')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Teléfono fijo'));
    await user.type(screen.getByLabelText('Teléfono fijo'), '5598765432');
    await user.type(screen.getByLabelText('Ocupación'), 'Contadora');
    await user.click(save);

    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      v_names: 'Ana',
      v_last_name_1: 'López',
      v_last_name_2: null,
      v_email_alternative: null,
      v_phone_code: '+52',
      v_cell_phone: '5512345678',
      v_phone: '5598765432',
      v_ocuppation: 'Contadora',
      d_birthdate_at: null,
    });
  });

  it("a persona moral's user keeps contact data only: no last names, birth date, CURP or occupation", async () => {
    answerProfileCalls();
    const user = userEvent.setup();
    renderWithApp(<PersonalDataForm me={{ ...ME, v_names: 'Comercializadora Demo', v_last_name_1: null }} moral />);

    expect(await screen.findByRole('heading', { name: 'Datos de contacto' })).toBeInTheDocument();
    for (const label of ['Primer apellido', 'Segundo apellido', 'Fecha de nacimiento', 'CURP', 'Ocupación']) expect(screen.queryByLabelText(label)).toBeNull();
    await user.type(screen.getByLabelText('Correo alternativo'), 'contacto@demo.mx');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      v_names: 'Comercializadora Demo',
      v_last_name_1: null,
      v_last_name_2: null,
      d_birthdate_at: null,
      v_ocuppation: null,
      v_email_alternative: 'contacto@demo.mx',
    });
  });
});
