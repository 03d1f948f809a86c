/**
 * Virtual cards (issue 28 §1): the business issues one from its cards screen — refused in Spanish
 * when the merchant lock names no merchant, then issued single-use with a limit — lands on the
 * card marked «Virtual» and active, sees its number in the isolated view (issue 28 §4: no answer to
 * the app's own requests ever carries it), and the counts say how many are virtual.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, lastSecurityCode, launch, newPage, nextSecurityCode, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('the business issues a single-use virtual card with a limit, active at once and marked «Virtual»', async () => {
  const suffix = String(Date.now()).slice(-6);
  const holder = `VIRT${suffix}`;
  await api('empresa@demo.mx', '/api/v1/cardholders/action/create', {
    CardholderIdentifier: holder,
    Names: 'Lucía',
    LastName: 'Ramos',
    Email: `virt${suffix}@ejemplo.mx`,
    PhoneCode: '+52',
    CellPhone: '5512345678',
  });
  const cardsBefore = (await api('empresa@demo.mx', '/api/v1/cards/action/get-amount-cards-by-status', {})) as { Status: number; Virtual: number }[];
  const virtualBefore = cardsBefore.find((c) => c.Status === 3)!.Virtual;

  const { context, page } = await newPage(browser);
  // Every answer to the app's own requests (fetch/XHR), to show that none ever carries the card number.
  const answers: Promise<string>[] = [];
  page.on('response', (r) => {
    if (['fetch', 'xhr'].includes(r.request().resourceType())) answers.push(r.text().catch(() => ''));
  });
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  // The way there through «Alta de cuentas» is the cards journey's; this one starts on the screen.
  await page.goto('/account/cards');
  await page.getByRole('button', { name: 'Emitir tarjeta virtual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir tarjeta virtual' });
  await dialog.getByTestId('virtual-holder').fill(holder);
  // A merchant lock that names no merchant: refused in Spanish, nothing issued.
  await dialog.getByRole('radio', { name: 'Comercio indicado' }).check();
  await dialog.getByRole('button', { name: 'Emitir tarjeta' }).click();
  await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Indica el comercio');
  await screenshot(page, 'cards-virtual-issue');
  await dialog.getByRole('radio', { name: 'Sin bloqueo' }).check();
  await dialog.getByLabel('Un solo uso').check();
  await dialog.getByLabel('Límite por compra').fill('250.50');
  await dialog.getByRole('button', { name: 'Emitir tarjeta' }).click();

  await page.waitForURL('**/account/cards/FC*');
  await expect.poll(() => page.getByTestId('masked-pan').innerText()).toMatch(/^537801\*{6}\d{4}$/);
  const main = page.locator('main');
  await expect.poll(() => main.innerText()).toContain('Virtual');
  expect(await main.innerText()).toContain('Activa');
  expect(await main.innerText()).toMatch(/Un solo uso\s+Sí/);
  expect(await main.innerText()).toContain('Por compra: $250.50');
  await screenshot(page, 'cards-virtual-detail');

  // Issue 28 §4: the number is shown by the server in a sandboxed frame, after the security code.
  const before = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Ver datos de la tarjeta' }).click();
  const code = await nextSecurityCode('empresa@demo.mx', before);
  await page.getByRole('textbox', { name: 'Código de seguridad' }).fill(code);
  await page.getByRole('button', { name: 'Mostrar datos' }).click();
  const frame = page.frameLocator('[data-testid=reveal-frame]');
  await expect.poll(() => frame.locator('body').innerText()).toContain('Número');
  const shown = await frame.locator('body').innerText();
  const pan = /(\d{4} \d{4} \d{4} \d{4})/.exec(shown)![1]!.replaceAll(' ', '');
  expect(pan.startsWith('537801')).toBe(true);
  expect(await page.getByTestId('reveal-frame').getAttribute('sandbox')).toBe('');
  // The app's script cannot reach into the frame (opaque origin)…
  expect(await page.evaluate(() => (document.querySelector('[data-testid=reveal-frame]') as HTMLIFrameElement).contentDocument === null)).toBe(true);
  await screenshot(page, 'cards-virtual-revealed');
  // …and no answer to the app's own requests carried the number, plain or spaced.
  const bodies = await Promise.all(answers);
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) {
    expect(body).not.toContain(pan);
    expect(body).not.toContain(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  }

  // The list marks it and the counts say one more virtual card is active.
  await page.goto('/account/cards');
  await expect.poll(() => page.getByTestId('cards-virtual-3').innerText()).toBe(`${virtualBefore + 1} virtuales`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'cards-virtual-list-phone');
  await context.close();
});
