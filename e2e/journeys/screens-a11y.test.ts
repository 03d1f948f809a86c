import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, baseUrl, checkA11y, launch, newPage, screenshot, signIn, signupLegal } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function open(viewport: { width: number; height: number }, email: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { viewport });
  await signIn(page, email);
  await page.waitForURL('**/dashboard');
  return { page, close: () => context.close() };
}

/** Visits a screen by its address, waits for its heading, checks title and width, takes the picture and runs axe. */
async function visit(page: Page, path: string, heading: string, shot: string, width: number) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.title()).toBe(`${heading} · FAR Portal`);
  // Nothing scrolls sideways.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(width);
  await screenshot(page, shot);
}

describe('every screen passes the axe gate (0 critical, 0 serious) and names its tab', () => {
  it('staff screens on a desktop', async () => {
    // The mailbox has at least one message to open, whichever journeys ran before.
    const resend = await fetch(`${baseUrl()}/api/v1/account/Signup/Token/Resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Email: 'buzon-a11y@demo.mx',
        Names: 'Buzón',
        LastName1: 'Prueba',
        CellPhone: '5512340000',
        PhoneCode: '+52',
        Legal: await signupLegal(),
      }),
    });
    expect(resend.ok).toBe(true);
    const { page, close } = await open(DESKTOP, 'super@far.mx');
    await visit(page, '/dashboard', 'Dashboard', 'a11y-desktop-dashboard-super', DESKTOP.width);
    await visit(page, '/user/business', 'Cuentas Business', 'a11y-desktop-businesses', DESKTOP.width);
    await visit(page, '/user/techfar', 'Usuarios administradores', 'a11y-desktop-staff', DESKTOP.width);
    await visit(page, '/user/wallet', 'Usuarios Wallet', 'a11y-desktop-wallet', DESKTOP.width);
    await visit(page, '/log', 'Logs', 'a11y-desktop-logs', DESKTOP.width);
    await visit(page, '/mailbox', 'Buzón', 'a11y-desktop-mailbox', DESKTOP.width);
    // A row click opens the message in a drawer whose close button has a name.
    await page.locator('[data-testid="mailbox-list"] tbody tr').first().click();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => page.getByRole('dialog').getByTestId('mailbox-body').innerText()).not.toBe('');
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).count()).toBe(1);
    // Axe reads colours as drawn: wait until the drawer has finished sliding in (finite transitions only).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    await checkA11y(page, 'a11y-desktop-mailbox-drawer');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await close();
  });

  it('business screens on a desktop, with the movement drawer', async () => {
    const { page, close } = await open(DESKTOP, 'empresa@demo.mx');
    await visit(page, '/dashboard', 'Dashboard', 'a11y-desktop-dashboard-business', DESKTOP.width);
    await visit(page, '/account', 'Alta de cuentas', 'a11y-desktop-accounts', DESKTOP.width);
    // A row click opens the account's data in a drawer.
    await page.getByRole('row', { name: 'Ver la cuenta Nomina BBVA' }).click();
    const drawer = page.getByRole('dialog', { name: 'Nomina BBVA' });
    await expect.poll(() => drawer.getByTestId('clabe-account-clabe').innerText()).toBe('012180001234567899');
    expect(await drawer.innerText()).toContain('Juan Perez Lopez');
    // The picture once the drawer has slid in, whole, inside the window.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(DESKTOP.width);
    await page.waitForTimeout(300);
    await screenshot(page, 'a11y-desktop-account-drawer');
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await visit(page, '/movement', 'Saldos y movimientos', 'a11y-desktop-movements', DESKTOP.width);
    await visit(page, '/profile', 'Mi perfil', 'a11y-desktop-profile-moral', DESKTOP.width);
    // A persona moral's profile: the company's data, no individual's last names or birth date.
    expect(await page.getByTestId('company-data').innerText()).toContain('Comercializadora Demo SA de CV');
    expect(await page.getByLabel('Primer apellido').count()).toBe(0);
    expect(await page.getByLabel('Fecha de nacimiento').count()).toBe(0);
    await close();
  });
});

describe('a phone (390 px)', () => {
  it('a business uses its screens on a phone: no sideways scroll, a one-line header, the menu behind the burger', async () => {
    const { page, close } = await open(PHONE, 'empresa@demo.mx');
    const header = page.locator('header').first();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    await visit(page, '/dashboard', 'Dashboard', 'a11y-phone-dashboard', PHONE.width);
    await visit(page, '/movement', 'Saldos y movimientos', 'a11y-phone-movements', PHONE.width);
    await visit(page, '/account', 'Alta de cuentas', 'a11y-phone-accounts', PHONE.width);
    await visit(page, '/dispersal/transfer', 'Transferencias y dispersiones', 'a11y-phone-transfer', PHONE.width);
    await visit(page, '/profile', 'Mi perfil', 'a11y-phone-profile', PHONE.width);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByTestId('side-menu').getByRole('link', { name: 'Saldos y movimientos' }).click();
    await page.waitForURL('**/movement');
    await close();
  });
});
