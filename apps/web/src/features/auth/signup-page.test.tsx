import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp } from '../../test/render';
import { SignupPage } from './signup-page';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
const TERMS = {
  v_uid: '6b0c1d2e-0000-4000-8000-000000000001',
  v_name: 'Términos y condiciones Wallet',
  i_version: 3,
  Html: '<p>Al usar FAR Wallet aceptas…</p>',
  d_published_at: '2026-01-01T06:00:00.000Z',
};
const PRIVACY = {
  v_uid: '6b0c1d2e-0000-4000-8000-000000000002',
  v_name: 'Aviso de privacidad Wallet',
  i_version: 1,
  Html: '<p>Tratamos tus datos personales…</p>',
  d_published_at: '2026-01-01T06:00:00.000Z',
};
const DELIVERY = { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@c***.mx' }, ExpiresIn: 300 };

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => (String(input).includes('/api/cms/legal/signup') ? answer([TERMS, PRIVACY]) : answer(DELIVERY)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function fillData(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Nombre\(s\)/), 'Ana');
  await user.type(screen.getByLabelText(/^Primer apellido/), 'Pérez');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@correo.mx');
  await user.type(screen.getByLabelText(/^Teléfono celular/), '5512345678');
}

describe('SignupPage step 1: terms and privacy (issue 26 §1)', () => {
  it('shows the published texts as links that open them, and an unticked checkbox', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignupPage />, { route: '/signup', path: '/signup' });
    const box = await screen.findByRole('checkbox', { name: /He leído y acepto/ });
    expect(box).not.toBeChecked();
    await user.click(within(screen.getByTestId('signup-legal')).getByRole('button', { name: 'Aviso de privacidad Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de privacidad Wallet' });
    expect(within(dialog).getByText('Tratamos tus datos personales…')).toBeInTheDocument();
    // Opening a text does not tick the box for the person.
    expect(box).not.toBeChecked();
  });

  it('does not continue until the box is ticked, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignupPage />, { route: '/signup', path: '/signup' });
    await screen.findByRole('checkbox', { name: /He leído y acepto/ });
    await fillData(user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Para continuar acepta los términos y condiciones y el aviso de privacidad')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends the version of each text the person ticked', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignupPage />, { route: '/signup', path: '/signup' });
    await fillData(user);
    await user.click(await screen.findByRole('checkbox', { name: /He leído y acepto/ }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(/Enviamos un código de 6 dígitos/)).toBeInTheDocument();
    const [[url, init]] = posts() as [[string, RequestInit]];
    expect(url).toContain('/api/v1/account/Signup/Token/Resend');
    expect(JSON.parse(String(init.body)).Legal).toEqual([
      { Id: TERMS.v_uid, Version: 3 },
      { Id: PRIVACY.v_uid, Version: 1 },
    ]);
  });

  it('cannot continue when the texts cannot be loaded, and offers to retry', async () => {
    fetchMock.mockImplementation(async () => answer(null, 500, { message: 'Error interno' }));
    renderWithApp(<SignupPage />, { route: '/signup', path: '/signup' });
    expect(await screen.findByText('No fue posible cargar los términos y condiciones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  });
});
