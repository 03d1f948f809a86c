import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { answer, renderWithApp } from '../../test/render';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const renderLogin = () => renderWithApp(<LoginPage />, { route: '/login', path: '/login', extraRoutes: ['/dashboard', '/profile'] });

describe('LoginPage', () => {
  it('shows every required message when the empty form is submitted, and sends nothing', async () => {
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findAllByText('Este campo es requerido')).toHaveLength(2);
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true');
    // The first invalid control gets the focus.
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says what is wrong with a malformed e-mail', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Correo electrónico/), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Correo electrónico no válido')).toBeInTheDocument();
  });

  it('offers the password reset and the wallet sign-up', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Crear cuenta Wallet' })).toHaveAttribute('href', '/signup');
  });

  it('shows the denial reason and the attempts left', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(
        {
          AllowAccess: false,
          AvailableAtempts: 3,
          DenialReason: 'Correo o contraseña incorrectos',
          RoleId: null,
          ExpiresIn: 0,
          AccessToken: null,
          IdToken: null,
          RefreshToken: null,
          MustChangePassword: false,
        },
        401,
        { ErrorCode: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos' },
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Correo electrónico/), 'super@far.mx');
    await user.type(screen.getByLabelText(/^Contraseña/), 'equivocada1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const alert = await screen.findByTestId('login-error');
    expect(within(alert).getByText('Correo o contraseña incorrectos')).toBeInTheDocument();
    expect(within(alert).getByText('Te quedan 3 intentos')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/account/Signin');
    expect(JSON.parse(String(init?.body))).toEqual({ Email: 'super@far.mx', Password: 'equivocada1' });
  });

  it('signs in and lands on the dashboard', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({
        AllowAccess: true,
        AvailableAtempts: 5,
        DenialReason: null,
        RoleId: 'r',
        ExpiresIn: 3600,
        AccessToken: 'tok',
        IdToken: null,
        RefreshToken: 'ref-token-123',
        MustChangePassword: false,
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Correo electrónico/), 'super@far.mx');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Demo#2026');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    // The answer's schema loads with the first sign-in (kept out of the screen's first load).
    expect(await screen.findByTestId('navigated', {}, { timeout: 5000 })).toHaveTextContent('/dashboard');
    expect(session.accessToken()).toBe('tok');
  });

  it('sends a temporary password to the profile to change it', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({
        AllowAccess: true,
        AvailableAtempts: 5,
        DenialReason: null,
        RoleId: 'r',
        ExpiresIn: 3600,
        AccessToken: 'tok',
        IdToken: null,
        RefreshToken: 'ref-token-123',
        MustChangePassword: true,
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Correo electrónico/), 'nuevo@far.mx');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Temporal1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/profile');
    expect(session.get().mustChangePassword).toBe(true);
  });
});
