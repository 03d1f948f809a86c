import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { codeIn, createWalletUser, launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('five wrong passwords block a user, and a reset read from the mailbox unblocks them', async () => {
  // A user of its own, so no other journey depends on the password this one changes.
  const email = `bloqueo.${Date.now()}@demo.mx`;
  await createWalletUser(email, 'Inicial2026', '5533334444');
  const { context, page } = await newPage(browser);

  for (const left of [4, 3, 2, 1]) {
    await signIn(page, email, 'Equivocada123');
    await expect.poll(() => page.getByTestId('login-attempts').innerText()).toContain(String(left));
  }
  await signIn(page, email, 'Equivocada123');
  await expect.poll(() => page.getByTestId('login-error').innerText()).toMatch(/bloqueada/);
  // Even the right password is refused now.
  await signIn(page, email, 'Inicial2026');
  await expect.poll(() => page.getByTestId('login-error').innerText()).toMatch(/bloqueada/);
  await screenshot(page, 'blocked');

  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  // The page loads on first visit: until it shows, the sign-in form (with its own e-mail field) stays.
  await page.getByTestId('form-forgot-email').waitFor();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect.poll(() => page.getByTestId('reset-destination').innerText()).toContain('b***@d***.mx');

  // The super admin reads the code in the mailbox, as a person without an e-mail server would.
  const admin = await newPage(browser);
  await signIn(admin.page, 'super@far.mx');
  await admin.page.waitForURL('**/dashboard');
  await admin.page.getByTestId('header-mailbox').click();
  await admin.page.getByLabel('Buscar mensaje').fill(email);
  const first = admin.page.getByTestId('mailbox-list').locator('tbody tr').first();
  await expect.poll(() => first.innerText()).toContain('restablecer');
  await first.click();
  const body = await admin.page.getByTestId('mailbox-body').innerText();
  await screenshot(admin.page, 'mailbox');
  await admin.context.close();

  await page.getByLabel('Código de verificación').fill(codeIn(body));
  await page.getByLabel('Nueva contraseña').fill('Renovada2026');
  await page.getByLabel('Confirmar contraseña').fill('Renovada2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.waitForURL('**/login');

  await signIn(page, email, 'Renovada2026');
  await page.waitForURL('**/dashboard');
  await context.close();
});
