import { rfcCheckDigit } from '@far/contracts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { lastMessageTo } from './browser';

/** Helpers of the people-and-organisations journeys (issue 3). */

/** The temporary password of the newest invitation e-mail to `email`. */
export async function temporaryPasswordOf(email: string): Promise<string> {
  const message = await lastMessageTo(email);
  const match = message.t_body.match(/Contraseña temporal: (\S+)/);
  if (!match) throw new Error(`no temporary password in the message to ${email}: ${message.v_subject}`);
  return match[1]!;
}

/** Signs in with a temporary password: the portal confines the person to /profile until they change it. */
export async function changeTemporaryPassword(page: Page, email: string, temporary: string, next: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(temporary);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/profile?cambiar-contrasena=1');
  await expect.poll(() => page.getByTestId('must-change-password').isVisible()).toBe(true);
  await page.getByLabel('Contraseña actual').fill(temporary);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(next);
  await page.getByLabel('Confirmar nueva contraseña').fill(next);
  await page.getByTestId('form-change-password').getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect.poll(() => page.getByText('Tu contraseña se actualizó.').first().isVisible()).toBe(true);
  // The profile drops its ?cambiar-contrasena=1 once the password is changed; wait for that
  // navigation so a later click is not undone by it.
  await page.waitForURL((url) => url.pathname === '/profile' && !url.search.includes('cambiar-contrasena'));
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = (s: string) => s.charAt(Math.floor(Math.random() * s.length));

/** A persona moral RFC nobody has used yet: 3 letters, a date, a homoclave and SAT's check digit. */
export function uniqueMoralRfc(): string {
  const base = `${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}190312${pick(LETTERS)}${pick('0123456789')}`;
  return base + rfcCheckDigit(base);
}

/** The smallest PDF the server accepts (it checks the extension and the %PDF- bytes). */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** Confirms the open confirmation dialog. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.getByTestId('confirm-dialog-confirm').click();
}
