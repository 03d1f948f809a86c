import { MENU_SEED, PERMISSION_IDS, type PermissionName } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { CardAuthSection } from './card-auth-section';

const BUSINESS = '0b8c7a0e-0000-4000-8000-0000000000bb';
const SAVED = {
  Url: 'https://sistemas.demo.mx/far/autorizaciones',
  TimeoutMs: 1200,
  Default: 'approve',
  AllowLoopback: false,
  UpdatedAt: '2026-11-20T18:00:00.000Z',
};

/** The caller's grants on one screen, as GET /api/v1/rbac/menu/permission answers them. */
const grants = (url: string, names: PermissionName[]) => {
  const entry = MENU_SEED.find((e) => e.v_url === url)!;
  const ids = names.map((n) => PERMISSION_IDS[n]);
  return [{ ...entry, v_uid_children: null, v_icon: 'building', i_order: 1, i_active: true, v_permissions: ids, v_permissions_granted: ids, granted: names }];
};

const fetchMock = signedInWithFetch();
/** Answers the grants, the saved endpoint (or none) and a save with its secret; records what was sent. */
function serve(menu: ReturnType<typeof grants>, saved: typeof SAVED | null) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/rbac/menu/permission')) return answer(menu);
    sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'PUT') return answer({ ...(JSON.parse(String(init!.body)) as object), UpdatedAt: SAVED.UpdatedAt, Secret: 'whsec_nuevo123' });
    return answer(saved);
  });
  return sent;
}

describe('«Autorización de compras en tiempo real», staff for a business (issue 28 §2)', () => {
  it('staff with Editar set the URL for the business named, with http to a local address allowed, and see the secret once', async () => {
    const sent = serve(grants('/user/business', ['Ver', 'Editar']), null);
    const user = userEvent.setup();
    renderWithApp(<CardAuthSection businessId={BUSINESS} />);
    await waitFor(() => expect(sent.some((s) => s.method === 'GET' && s.url.includes(`BusinessId=${BUSINESS}`))).toBe(true));
    expect(screen.getByText(/enviamos al sistema de la empresa/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/URL de autorización/), 'http://127.0.0.1:9999/autorizar');
    await user.click(screen.getByLabelText(/Permitir http:\/\/ a una dirección local/));
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')).toBeTruthy());
    expect(sent.find((s) => s.method === 'PUT')!.body).toEqual({
      BusinessId: BUSINESS,
      Url: 'http://127.0.0.1:9999/autorizar',
      TimeoutMs: 1500,
      Default: 'decline',
      AllowLoopback: true,
    });
    expect(await screen.findByTestId('card-auth-secret')).toHaveTextContent('whsec_nuevo123');
  });

  it('staff with Ver only read it: nothing to edit, no Guardar or Quitar', async () => {
    serve(grants('/user/business', ['Ver']), SAVED);
    renderWithApp(<CardAuthSection businessId={BUSINESS} />);
    await waitFor(() => expect(screen.getByLabelText(/URL de autorización/)).toHaveValue(SAVED.Url));
    expect(screen.getByLabelText(/URL de autorización/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Permitir http:\/\//)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar' })).toBeNull();
  });

  it('a business saves its own: no BusinessId, no loopback choice (staff keep that)', async () => {
    const sent = serve(grants('/profile', ['Ver', 'Editar']), SAVED);
    const user = userEvent.setup();
    renderWithApp(<CardAuthSection />);
    await waitFor(() => expect(screen.getByLabelText(/URL de autorización/)).toHaveValue(SAVED.Url));
    expect(screen.queryByLabelText(/Permitir http:\/\//)).toBeNull();
    expect(screen.getByText(/enviamos a tu sistema/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')).toBeTruthy());
    expect(sent.find((s) => s.method === 'PUT')!.body).toEqual({ Url: SAVED.Url, TimeoutMs: 1200, Default: 'approve' });
    expect(sent.find((s) => s.method === 'GET')!.url).not.toContain('BusinessId');
    // Replacing the URL keeps the secret: none shown.
    await waitFor(() => expect(screen.queryByTestId('card-auth-secret')).toBeNull());
  });

  it('the form waits for what is saved, so a late answer never wipes what the person typed', async () => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const menu = grants('/profile', ['Ver', 'Editar']);
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes('/rbac/menu/permission')) return answer(menu);
      await arrived;
      return answer(SAVED);
    });
    renderWithApp(<CardAuthSection />);
    expect(await screen.findByLabelText('Cargando la autorización en tiempo real')).toBeInTheDocument();
    expect(screen.getByLabelText(/URL de autorización/)).not.toBeVisible();
    release();
    await waitFor(() => expect(screen.getByLabelText(/URL de autorización/)).toBeVisible());
    expect(screen.getByLabelText(/URL de autorización/)).toHaveValue(SAVED.Url);
  });
});
