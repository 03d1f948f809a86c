import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, openDemoBusinessAsStaff, screenshot } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('staff turn on the second-user authorisation of the demo business above an amount, and it is still there after a reload', async () => {
  const { context, page } = await openDemoBusinessAsStaff(browser);

  await page.getByRole('tab', { name: 'Autorizaciones' }).click();
  const toggle = page.getByRole('switch', { name: 'Autorización de un segundo usuario' });
  const amount = page.getByLabel(/Monto a partir del cual/);
  await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(false);

  // A bad amount is refused on the field before anything is sent.
  await page.locator('label', { has: toggle }).click();
  await amount.fill('12.345');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');

  // Far above what the other journeys move, so their transfers never wait for a second user.
  await amount.fill('750,000');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByText('Se guardó la autorización de un segundo usuario.').isVisible()).toBe(true);
  await screenshot(page, 'dispersion-approval-saved');

  await page.reload();
  await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).toBe('750000.00');
  expect(await toggle.isChecked()).toBe(true);

  // Back off, so the demo business stays as the other journeys expect it.
  await page.locator('label', { has: toggle }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByText('Se guardó la autorización de un segundo usuario.').isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).toBe('750000.00');
  expect(await toggle.isChecked()).toBe(false);
  await context.close();
});
