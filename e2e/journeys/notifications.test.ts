import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bellCount, bellReady, launch, newPage, screenshot as fullShot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, name);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it('staff send an announcement to all businesses; a business sees the bell rise live, reads it and marks all read', async () => {
  // The business is signed in and looking at its dashboard: nothing will reload this page.
  const business = await newPage(browser);
  await signIn(business.page, 'empresa@demo.mx');
  await business.page.waitForURL('**/dashboard');
  await bellReady(business.page);
  const before = await bellCount(business.page);

  // Staff write the announcement on /notification.
  const staff = await newPage(browser);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.goto('/notification');
  await expect.poll(() => staff.page.getByTestId('announcement-form').isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(staff.page, 'notifications-staff');
  // Empty form: the Spanish messages, nothing sent.
  await staff.page.getByTestId('announcement-send').click();
  await expect.poll(() => staff.page.getByText('Este campo es requerido').count()).toBeGreaterThan(0);
  await staff.page.getByTestId('announcement-title').fill('Mantenimiento programado');
  await staff.page.getByTestId('announcement-text').fill('El sábado de 2 a 4 h el portal no estará disponible.');
  await staff.page.getByTestId('announcement-send').click();
  await expect.poll(() => staff.page.getByText(/Aviso enviado a \d+ usuario/).isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => staff.page.getByTestId('announcement-history').innerText()).toContain('Mantenimiento programado');

  // The business's bell rises without a reload (Server-Sent Events).
  await expect.poll(() => bellCount(business.page), { timeout: 10_000 }).toBeGreaterThan(before);
  const risen = await bellCount(business.page);
  await screenshot(business.page, 'notifications-bell-live');

  // It opens the bell, reads the notice (the count falls), then marks everything read.
  await business.page.getByTestId('header-bell').click();
  await business.page.waitForURL('**/notification');
  await expect.poll(() => business.page.getByTestId('notices-list').innerText(), { timeout: 15_000 }).toContain('Mantenimiento programado');
  await screenshot(business.page, 'notifications-business');
  await business.page
    .getByRole('row', { name: /^Abrir Mantenimiento programado/ })
    .first()
    .click();
  await expect.poll(() => business.page.getByTestId('notice-body').innerText()).toContain('El sábado de 2 a 4 h');
  await expect.poll(() => bellCount(business.page), { timeout: 10_000 }).toBe(risen - 1);
  await screenshot(business.page, 'notifications-detail');
  await business.page.keyboard.press('Escape');
  if (risen > 1) {
    await business.page.getByTestId('notices-read-all').click();
    await expect.poll(() => bellCount(business.page), { timeout: 10_000 }).toBe(0);
  }
  await expect.poll(() => business.page.getByTestId('notices-read-all').isDisabled()).toBe(true);

  // The phone layout: nothing scrolls sideways.
  await business.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(business.page, 'notifications-business-390');
  expect(await noSidewaysScroll(business.page)).toBe(true);

  // /profile: e-mail choices and the webhooks section.
  await business.page.setViewportSize({ width: 1366, height: 850 });
  await business.page.goto('/profile');
  await expect.poll(() => business.page.getByTestId('notification-preferences').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => business.page.getByTestId('webhooks-section').isVisible()).toBe(true);
  await business.page.getByLabel('URL (https://)').fill('https://sistemas.demo.mx/far/eventos');
  // Opened again if it closed before its option showed (it did once in CI, 30 s with the list shut).
  const events = business.page.getByPlaceholder('Elige los eventos');
  const deposit = business.page.getByRole('option', { name: 'Depósito recibido' });
  await expect
    .poll(
      async () => {
        if (!(await deposit.isVisible())) await events.click();
        return deposit.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await deposit.click();
  await business.page.keyboard.press('Escape');
  await business.page.getByRole('button', { name: 'Registrar endpoint' }).click();
  await expect.poll(() => business.page.getByTestId('webhook-secret').innerText(), { timeout: 10_000 }).toMatch(/whsec_/);
  await expect.poll(() => business.page.getByTestId('webhook-endpoint').count()).toBe(1);
  await screenshot(business.page, 'notifications-profile-webhooks');

  await staff.context.close();
  await business.context.close();
});
