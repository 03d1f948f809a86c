import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function setLogsView(admin: Page, granted: boolean) {
  await admin.goto('/roles-permissions');
  await admin.getByRole('button', { name: 'Editar Operador' }).click();
  const view = admin.getByRole('checkbox', { name: 'Ver en Logs' });
  await expect.poll(() => view.isVisible()).toBe(true);
  if ((await view.isChecked()) !== granted) await view.click();
  await admin.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect.poll(() => view.isVisible()).toBe(false);
}

const menuOf = (page: Page) => page.getByTestId('side-menu').locator('a').allInnerTexts();

it('a role edited in /roles-permissions changes what a user of that role can do', async () => {
  const operator = await newPage(browser);
  await signIn(operator.page, 'operador@far.mx');
  await operator.page.waitForURL('**/dashboard');
  await expect.poll(() => menuOf(operator.page)).toContain('Logs');

  const admin = await newPage(browser);
  await signIn(admin.page, 'super@far.mx');
  await admin.page.waitForURL('**/dashboard');
  await setLogsView(admin.page, false);
  await screenshot(admin.page, 'roles-after-edit');

  await operator.page.reload();
  await expect.poll(() => menuOf(operator.page)).not.toContain('Logs');
  await operator.page.goto('/log');
  await expect.poll(() => operator.page.getByText('No tienes acceso a esta sección').isVisible()).toBe(true);

  await setLogsView(admin.page, true);
  await operator.page.goto('/log');
  await expect.poll(() => menuOf(operator.page)).toContain('Logs');
  await expect.poll(() => operator.page.getByRole('tab', { name: 'Actividad de usuarios' }).isVisible()).toBe(true);
  await operator.context.close();
  await admin.context.close();
});
