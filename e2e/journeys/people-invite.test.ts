import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptLegalTexts, launch, newPage, screenshot, signIn } from '../browser';
import { changeTemporaryPassword, confirmDialog, temporaryPasswordOf } from '../people';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a business admin invites a second user from the profile, who signs in with the temporary password and changes it', async () => {
  const email = `colaborador.${Date.now()}@demo.mx`;

  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Perfil' }).click();
  const section = page.getByTestId('my-business-users');
  await section.getByRole('button', { name: 'Invitar usuario' }).click();

  const form = page.getByTestId('form-invite-user');
  await form.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect.poll(() => form.locator('[aria-invalid="true"]').count()).toBe(2);
  await form.getByLabel('Nombre(s)').fill('Jorge');
  await form.getByLabel('Primer apellido').fill('Salinas');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Teléfono celular').fill('5544332211');
  await form.getByRole('button', { name: 'Enviar invitación' }).click();

  const row = section.getByTestId('business-users-table').getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect.poll(() => row.count()).toBe(1);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('activo');
  await screenshot(page, 'people-invite-profile');

  // The invited user signs in with the temporary password from the mailbox and must change it.
  const invited = await newPage(browser);
  await changeTemporaryPassword(invited.page, email, await temporaryPasswordOf(email), 'Colabora2026');
  // A business user invited by staff accepts the business's legal texts at their first sign-in (issue 26 §1).
  await acceptLegalTexts(invited.page, ['Términos y condiciones', 'Aviso de privacidad']);
  await invited.page.getByTestId('side-menu').getByRole('link', { name: 'Dashboard' }).click();
  await invited.page.waitForURL('**/dashboard');
  await expect.poll(() => invited.page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
  await expect.poll(() => invited.page.getByTestId('header-user-name').innerText()).toBe('Jorge Salinas');
  await invited.context.close();

  // The admin can deactivate them again from the same list.
  await page.reload();
  // After a reload the list loads again (its panel's code included): a loaded machine needs more than a second.
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await row.getByRole('button', { name: `Desactivar a ${email}` }).click();
  await confirmDialog(page);
  await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('inactivo');
  await context.close();
});
