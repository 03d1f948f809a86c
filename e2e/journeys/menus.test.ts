import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';

// The side menu of spec §2 for each kind, in order (docs/decisions/0003-menu-and-envelope.md).
const ADMIN = [
  'Dashboard',
  'Perfil',
  'Cuentas Business',
  'Usuarios Wallet',
  'Usuarios administradores',
  'Aclaraciones',
  'Logs',
  'Reportes',
  'Conciliación SPEI',
  'Administrador de contenido',
  'Notificaciones',
  'Roles y permisos',
  'Pre Stock',
];
const BUSINESS = [
  'Dashboard',
  'Perfil',
  'Alta de cuentas',
  'Historial de dispersiones',
  'Transferencias y dispersiones',
  'Dispersiones programadas',
  'Saldos y movimientos',
  'Estado de cuenta',
  'Aclaraciones',
  'Reportes',
  'Notificaciones',
  'Ayuda',
];
const WALLET = ['Mi resumen', 'Perfil', 'Transferencias', 'Saldos y movimientos', 'Aclaraciones', 'Presupuestos', 'Notificaciones'];

const USERS: Array<[string, string[], string]> = [
  ['super@far.mx', ADMIN, 'Sofía Ramírez Ortega'],
  ['operador@far.mx', ADMIN, 'Carlos Méndez Luna'],
  ['empresa@demo.mx', BUSINESS, 'Comercializadora Demo SA de CV'],
  ['negocio@demo.mx', BUSINESS, 'Lucía Hernández Vega'],
  ['wallet@demo.mx', WALLET, 'Diego Torres Salas'],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('each demo user sees exactly the menu of their kind', () => {
  it.each(USERS)('%s', async (email, menu, name) => {
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    const nav = page.getByTestId('side-menu');
    // What a person waits for: the menu's entries, not the skeleton drawn while they load.
    await nav.getByRole('link').first().waitFor();
    await expect
      .poll(() =>
        nav
          .locator('a')
          .allInnerTexts()
          .then((t) => t.map((s) => s.trim())),
      )
      .toEqual(menu);
    await expect.poll(() => page.getByText(name).first().isVisible()).toBe(true);
    await screenshot(page, `menu-${email.split('@')[0]}`);

    // The highlighted entry follows the route.
    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => nav.getByRole('link', { name: 'Perfil' }).getAttribute('aria-current')).toBe('page');

    await page.getByTestId('header-logout').click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
