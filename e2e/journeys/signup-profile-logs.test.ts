import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeIn, lastMessageTo, launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a person signs up as a wallet user in four steps, accepting the terms and the privacy notice, and can only sign in at the end', async () => {
  const email = `nueva.${Date.now()}@demo.mx`;
  const { context, page } = await newPage(browser);
  await page.goto('/signup');
  await page.getByLabel('Nombre(s)').fill('Ana');
  await page.getByLabel('Primer apellido').fill('López');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono celular').fill('5587654321');

  // Issue 26 §1: the wallet's published legal texts, each a link that opens it, and an unticked box.
  const box = page.getByRole('checkbox', { name: /He leído y acepto/ });
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.isChecked()).toBe(false);
  await page.getByTestId('signup-legal').getByRole('button', { name: 'Aviso de privacidad Wallet' }).click();
  const notice = page.getByRole('dialog', { name: 'Aviso de privacidad Wallet' });
  await expect.poll(() => notice.getByText(/datos personales/).isVisible()).toBe(true);
  await screenshot(page, 'signup-privacy-notice');
  await page.keyboard.press('Escape');
  await expect.poll(() => notice.isVisible()).toBe(false);
  // Without the tick the person cannot continue.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => page.getByText('Para continuar acepta los términos y condiciones y el aviso de privacidad').isVisible()).toBe(true);
  await screenshot(page, 'signup-terms-required');
  await box.check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.getByLabel('Código del correo').fill(codeIn((await lastMessageTo(email)).t_body));
  await page.getByRole('button', { name: /Verificar|Continuar|Confirmar/ }).click();
  await page.getByRole('button', { name: 'Enviar código por SMS' }).click();
  await expect.poll(() => page.getByLabel('Código SMS').isVisible()).toBe(true);
  await page.getByLabel('Código SMS').fill(codeIn((await lastMessageTo('+525587654321')).t_body));
  await page.getByLabel('Contraseña', { exact: true }).fill('MiCuenta2026');
  await page.getByLabel('Confirmar contraseña').fill('MiCuenta2026');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL('**/login');

  await signIn(page, email, 'MiCuenta2026');
  await page.waitForURL('**/dashboard');
  // Accepted at sign-up: the first sign-in asks nothing more.
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
  expect(await page.getByTestId('legal-gate').count()).toBe(0);
  await expect
    .poll(() => page.getByTestId('side-menu').locator('a').allInnerTexts())
    .toEqual(['Mi resumen', 'Perfil', 'Transferencias', 'Saldos y movimientos', 'Aclaraciones', 'Presupuestos', 'Notificaciones']);
  await context.close();
});

it('a business user edits their profile and staff see it in the activity log', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Perfil' }).click();
  // A persona moral's user edits contact data (a company has no occupation or last names).
  await page.getByLabel('Correo alternativo').fill('contacto@demo.mx');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect.poll(() => page.getByText('Tus datos se guardaron.').first().isVisible()).toBe(true);
  await screenshot(page, 'profile-business');
  await context.close();

  const staff = await newPage(browser);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.getByTestId('side-menu').getByRole('link', { name: 'Logs' }).click();
  // In the log's own table (the dashboard's «Actividad reciente» shows it too).
  await expect.poll(() => staff.page.getByTestId('activity-table').getByText('Actualizó sus datos de perfil').first().isVisible()).toBe(true);
  await screenshot(staff.page, 'logs');
  // The incidents' «Tipo» filter names each type in Spanish, never its code.
  await staff.page.getByRole('tab', { name: 'Incidencias del sistema' }).click();
  await staff.page.getByRole('tabpanel').getByLabel('Tipo', { exact: true }).click();
  await expect
    .poll(() => staff.page.getByRole('option').allInnerTexts())
    .toEqual(['Error del sistema', 'Solicitud ilegible', 'Cifrado de la solicitud', 'STP']);
  await staff.context.close();
});
