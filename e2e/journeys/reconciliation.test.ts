/**
 * «Conciliación SPEI» on the demo's sandbox (issue 24 §5): the super admin opens the screen from
 * the menu, reconciles today against the sandbox's own record, sees the incoming transfer the
 * sandbox carried and the ledger never got, marks it reviewed with a comment, and downloads the CSV.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it("staff reconcile the sandbox's day, mark the missing transfer reviewed, and download the CSV", async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'super@far.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Conciliación SPEI' }).click();
  await page.waitForURL('**/spei-reconciliation');
  await page.getByRole('button', { name: 'Conciliar día' }).click();
  const run = page.getByTestId('reconciliation-run');
  await expect.poll(() => run.innerText(), { timeout: 15_000 }).toContain('Sandbox');
  const table = page.getByTestId('reconciliation-lines');
  const missing = table.getByRole('row').filter({ hasText: 'Distribuidora del Bajio SA de CV' });
  await expect.poll(() => missing.innerText(), { timeout: 15_000 }).toContain('Falta en el libro');
  expect(await missing.innerText()).toContain('$1,250.00');
  expect(await missing.innerText()).toContain('Pendiente');
  await screenshot(page, 'spei-reconciliation');

  const review = missing.getByRole('button', { name: /^Marcar revisada / });
  const trackingKey = (await review.getAttribute('aria-label'))!.replace('Marcar revisada ', '');
  await review.click();
  const dialog = page.getByRole('dialog', { name: 'Marcar como revisada' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => dialog.innerText()).toContain('Este campo es requerido');
  await dialog.getByLabel('Comentario').fill('El ordenante confirmó que la orden se devolvió; sin abono');
  await screenshot(page, 'spei-reconciliation-review');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const row = table.getByRole('row').filter({ hasText: trackingKey });
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Revisada');
  expect(await row.innerText()).toContain('El ordenante confirmó');
  expect(await row.getByRole('button').count()).toBe(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^conciliacion-spei-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Clave de rastreo');
  const line = csv.split('\r\n').find((l) => l.includes(trackingKey))!;
  expect(line).toContain('Falta en el libro');
  expect(line).toContain('Revisada');
  expect(line).toContain('El ordenante confirmó que la orden se devolvió; sin abono');

  // On a phone the lines stack as cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/spei-reconciliation');
  await expect.poll(() => page.getByTestId('reconciliation-lines').innerText(), { timeout: 15_000 }).toContain(trackingKey);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'spei-reconciliation-phone');
  await context.close();
}, 180_000);
