import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';
import { changeTemporaryPassword, confirmDialog, temporaryPasswordOf } from '../people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('staff create an admin user, block them (their sign-in is refused) and unblock them', async () => {
  const stamp = Date.now();
  const email = `admin.${stamp}@far.mx`;
  const password = 'Operacion2026';

  const { context, page } = await newPage(browser);
  await signIn(page, 'super@far.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Usuarios administradores' }).click();
  await page.waitForURL('**/user/techfar');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();

  // An empty form marks every required control at once.
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  const form = page.getByTestId('form-staff-create');
  await expect.poll(() => form.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(5);
  await screenshot(page, 'people-staff-form-errors');

  await page.getByLabel('Nombre(s)').fill('Renata');
  await page.getByLabel('Primer apellido').fill('Campos');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Departamento' }).click();
  await page.getByRole('option', { name: 'Soporte Técnico' }).click();
  await page.getByLabel('Puesto').fill('Analista de soporte');
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await page.waitForURL(/\/user\/techfar\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Renata Campos');

  // The new admin changes the temporary password at the first sign-in.
  const admin = await newPage(browser);
  await changeTemporaryPassword(admin.page, email, await temporaryPasswordOf(email), password);
  await admin.context.close();

  // Blocked: the sign-in is refused even with the right password.
  await page.goto(detailUrl);
  await page.getByTestId('lifecycle-actions').getByRole('button', { name: 'Bloquear' }).click();
  await confirmDialog(page);
  await expect.poll(() => page.getByTestId('record-header').locator('[data-status]').getAttribute('data-status')).toBe('activo-bloqueado');
  await expect.poll(() => page.getByTestId('staff-dates').innerText()).toMatch(/Bloqueo\s+\d{2}\/\d{2}\/\d{4}/);
  await screenshot(page, 'people-staff-blocked');

  const blocked = await newPage(browser);
  await signIn(blocked.page, email, password);
  await expect.poll(() => blocked.page.getByTestId('login-error').innerText()).toMatch(/bloqueada/);
  await screenshot(blocked.page, 'people-staff-blocked-login');

  // Unblocked from the list, with the bulk action on the selected row.
  await page.goto('/user/techfar');
  await page.getByLabel('Buscar usuario').fill(email);
  const row = page.getByTestId('staff-table').getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('checkbox', { name: 'Seleccionar registro' }).check();
  await page.getByTestId('bulk-actions').getByRole('button', { name: 'Desbloquear' }).click();
  await confirmDialog(page);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('activo-desbloqueado');
  await screenshot(page, 'people-staff-list');
  await context.close();

  await signIn(blocked.page, email, password);
  await blocked.page.waitForURL('**/dashboard');
  await expect.poll(() => blocked.page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
  await blocked.context.close();
});
