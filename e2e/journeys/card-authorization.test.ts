/**
 * Real-time card authorisation (issue 28 §2): the business sets its endpoint in /profile — a
 * time-out out of range is refused in Spanish — sees the signing secret once, then removes it (so
 * the other journeys' purchases are decided by the product alone again).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('the business sets its authorisation endpoint in its profile, sees the secret once and removes it', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.goto('/profile');
  const section = page.getByTestId('card-auth-section');
  await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true);
  await section.getByLabel('URL de autorización (https://)').fill('https://sistemas.demo.mx/far/autorizaciones');
  // Out of range: the Spanish message, nothing saved.
  await section.getByLabel('Tiempo de espera (ms)').fill('50');
  await section.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => section.getByText('El tiempo de espera debe ser de 200 a 5000 ms').first().isVisible()).toBe(true);
  await section.getByLabel('Tiempo de espera (ms)').fill('1200');
  await section.getByLabel('Si tu sistema no responde').click();
  await page.getByRole('option', { name: 'Aprobar la compra' }).click();
  await section.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByTestId('card-auth-secret').innerText(), { timeout: 10_000 }).toMatch(/whsec_/);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'card-authorization-profile');

  // Read back after a reload: the saved values, no secret.
  await page.reload();
  await expect
    .poll(() => section.getByLabel('URL de autorización (https://)').inputValue(), { timeout: 15_000 })
    .toBe('https://sistemas.demo.mx/far/autorizaciones');
  expect(await section.getByLabel('Tiempo de espera (ms)').inputValue()).toBe('1200');
  expect(await page.getByTestId('card-auth-secret').count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'card-authorization-profile-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await section.getByRole('button', { name: 'Quitar' }).click();
  await page.getByTestId('confirm-dialog-confirm').click();
  await expect.poll(() => section.getByRole('button', { name: 'Quitar' }).count(), { timeout: 10_000 }).toBe(0);
  await context.close();
});
