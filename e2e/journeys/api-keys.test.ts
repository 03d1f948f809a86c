/**
 * Issue 25 §1: a business admin creates an API key in /profile → «Claves de API», sees it once,
 * and a curl-like fetch with it reads the balance; staff see the key in the business's detail and
 * revoke it, after which the same call is refused.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, codeIn, lastMessageTo, launch, newPage, openDemoBusinessAsStaff, screenshot, signIn } from '../browser';
import { confirmDialog } from '../people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const readBalance = (key: string) =>
  fetch(`${baseUrl()}/api/v1/transaction/opm-features/balance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });

it('a business admin creates a key, sees it once, and the key reads the balance until staff revoke it', async () => {
  const { page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.goto('/profile');
  const section = page.getByTestId('api-keys-section');
  await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true);

  // Without a name or a code: Spanish messages, nothing created.
  await section.getByRole('button', { name: 'Crear clave' }).click();
  await expect.poll(() => section.getByText('Este campo es requerido').count()).toBeGreaterThan(0);

  await section.getByLabel('Nombre').fill('ERP de nómina');
  await section.getByRole('button', { name: 'Enviar código' }).click();
  await expect.poll(() => section.getByText(/Enviamos un código a/).isVisible(), { timeout: 10_000 }).toBe(true);
  await section.getByLabel('Código de seguridad').fill(codeIn((await lastMessageTo('empresa@demo.mx')).t_body));
  await section.getByRole('button', { name: 'Crear clave' }).click();

  // Shown once, with a copy button.
  await expect.poll(() => page.getByTestId('api-key-secret').isVisible(), { timeout: 10_000 }).toBe(true);
  const key = (await page.getByTestId('api-key-value').innerText()).trim();
  expect(key).toMatch(/^far_sk_[A-Za-z0-9_-]{40}$/);
  await expect.poll(() => page.getByTestId('api-key-secret').getByRole('button', { name: 'Copiar' }).isVisible()).toBe(true);
  await expect.poll(() => section.locator('[data-row-id]').filter({ hasText: 'ERP de nómina' }).count()).toBe(1);
  const row = section.locator('[data-row-id]').filter({ hasText: 'ERP de nómina' });
  expect(await row.innerText()).toContain(key.slice(0, 15));
  expect(await row.innerText()).not.toContain(key);
  await screenshot(page, 'api-keys-profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'api-keys-profile-390');
  await page.setViewportSize({ width: 1366, height: 850 });

  // A curl-like call with the key reads the balance.
  const res = await readBalance(key);
  expect(res.status).toBe(200);
  expect((await res.json()).data.balance).toMatch(/^\d+\.\d{2}$/);

  // Once the alert is closed, or on a reload, the key is not shown again.
  await page.reload();
  await expect.poll(() => page.getByTestId('api-keys-section').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByTestId('api-key-secret').count()).toBe(0);
  await expect.poll(() => page.getByTestId('api-keys-table').locator('[data-row-id]').filter({ hasText: 'ERP de nómina' }).innerText()).not.toContain('Nunca');

  // Staff see it in the business's detail and revoke it.
  const staff = await openDemoBusinessAsStaff(browser);
  await staff.page.getByRole('tab', { name: 'Claves de API' }).click();
  const staffRow = staff.page.getByTestId('api-keys-table').locator('[data-row-id]').filter({ hasText: 'ERP de nómina' });
  await expect.poll(() => staffRow.count(), { timeout: 15_000 }).toBe(1);
  await screenshot(staff.page, 'api-keys-staff');
  await staffRow.getByRole('button', { name: 'Revocar' }).click();
  await confirmDialog(staff.page);
  await expect.poll(() => staffRow.innerText(), { timeout: 10_000 }).toContain('Revocada');
  expect((await readBalance(key)).status).toBe(401);
});
