import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, openDemoBusinessAsStaff, screenshot } from '../browser';
import { confirmDialog } from '../people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('staff link a wallet user to the demo business as a strategic ally, approve the link and then unlink it', async () => {
  const { context, page } = await openDemoBusinessAsStaff(browser);

  await page.getByRole('tab', { name: 'Aliados estratégicos' }).click();
  await expect.poll(() => page.getByText('La empresa no tiene aliados estratégicos').isVisible(), { timeout: 15_000 }).toBe(true);

  // Link the demo wallet user, picked by e-mail from the searchable list: the link starts pendiente.
  await page.getByRole('button', { name: 'Vincular usuario Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vincular usuario Wallet' });
  const input = dialog.getByRole('combobox', { name: 'Usuario Wallet', exact: true });
  await input.click();
  await input.fill('wallet@demo.mx');
  await page
    .getByRole('option', { name: /wallet@demo\.mx/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Vincular', exact: true }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);

  const row = page.getByTestId('allies-table').getByRole('row', { name: /Diego Torres Salas/ });
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('pendiente');
  await expect.poll(() => row.getByTestId('ally-email').innerText()).toBe('wallet@demo.mx');

  // Approve: the link becomes activo with its binding date.
  await row.getByRole('button', { name: 'Aprobar Diego Torres Salas' }).click();
  await confirmDialog(page);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('activo');
  await expect.poll(() => row.getByTestId('ally-binding').innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  await screenshot(page, 'strategic-allies-active');

  // Unlink: the link becomes inactivo and can no longer be unlinked.
  await row.getByRole('button', { name: 'Desvincular Diego Torres Salas' }).click();
  await confirmDialog(page);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('inactivo');
  expect(await row.getByRole('button', { name: 'Desvincular Diego Torres Salas' }).count()).toBe(0);
  await screenshot(page, 'strategic-allies-unlinked');
  await context.close();
});
