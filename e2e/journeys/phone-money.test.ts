/**
 * The money lists on a phone (issue 26 §5), a business's and a wallet's: below the breakpoint each
 * row is a stacked card whose date, description, amount and status are all inside the 390 px
 * screen, with no sideways scroll; an empty list says so in full. The cards list, its activation
 * batches and the CLABE accounts are drawn as cards too.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE, api, lastSecurityCode, launch, newPage, nextSecurityCode, sandboxIncomingSpei, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Inside the screen's width: a person reads it without scrolling sideways. */
async function inside(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(PHONE.width);
}

/** Every card of the list shows its four places inside the screen; an empty list shows its whole sentence. */
async function checkList(page: Page, list: Locator, name: string, places = ['date', 'title', 'amount', 'status']) {
  await expect.poll(() => list.getAttribute('data-state')).not.toBe('loading');
  if ((await list.getAttribute('data-state')) === 'empty') {
    await inside(list.getByTestId('empty-state'), `${name}: empty state`);
    return;
  }
  const cards = list.locator('[data-layout="stacked"] > li');
  expect(await cards.count(), `${name} is drawn as cards`).toBeGreaterThan(0);
  expect(await list.locator('table').count(), `${name} has no table`).toBe(0);
  const first = cards.first();
  for (const place of places) await inside(first.locator(`[data-stack="${place}"]`), `${name}: ${place}`);
  if (places.includes('amount')) expect(await first.locator('[data-stack="amount"]').innerText()).toMatch(/\$[\d,]+\.\d{2}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name).toBeLessThanOrEqual(0);
  // The list's own frame does not scroll sideways either (a wide table inside a scroll area would).
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth), `${name}: its frame`).toBeLessThanOrEqual(0);
}

it('a business reads its money lists on a phone: date, description, amount and status in every card', async () => {
  const { context, page } = await newPage(browser, { viewport: PHONE });
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');

  await page.getByTestId('last-movements').waitFor();
  await checkList(page, page.getByTestId('last-movements'), 'Últimos movimientos');
  await screenshot(page, 'phone-money-dashboard');

  await page.goto('/movement');
  await page.getByRole('heading', { level: 1, name: 'Saldos y movimientos' }).waitFor();
  const movements = page.getByTestId('movements-table');
  await movements.waitFor();
  await checkList(page, movements, 'Movimientos');
  await screenshot(page, 'phone-money-movements');

  await page.goto('/dispersal/transfer');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await checkList(page, page.getByTestId('pending-transactions'), 'Transferencias en curso');
  await checkList(page, page.getByTestId('recent-transfers'), 'Últimas transferencias');
  await screenshot(page, 'phone-money-transfers');

  // The month's statement: its lines have no status; date, description and amount are in view.
  await page.goto('/account/status');
  await page.getByRole('heading', { level: 1, name: 'Estado de cuenta' }).waitFor();
  const statement = page.getByTestId('statement-list');
  await statement.waitFor();
  await checkList(page, statement, 'Estado de cuenta', ['date', 'title', 'amount']);
  await screenshot(page, 'phone-money-statement');
  await context.close();
});

it('a business funds a card and reads the funding rows and the card movements on a phone as cards', async () => {
  const holder = `PHN${String(Date.now()).slice(-6)}`;
  await api('empresa@demo.mx', '/api/v1/cardholders/action/create', {
    CardholderIdentifier: holder,
    Names: 'Lucía',
    LastName: 'Vega',
    Email: `${holder.toLowerCase()}@ejemplo.mx`,
    PhoneCode: '+52',
    CellPhone: '5512345678',
  });
  const card = await api('empresa@demo.mx', '/api/v1/cards/action/issue-virtual', { CardholderIdentifier: holder });
  await api('operador@far.mx', `/api/v1/transaction/business/${card.BusinessId}/deposit`, { Amount: '1000.00' }, { 'idempotency-key': randomUUID() });

  const { context, page } = await newPage(browser, { viewport: PHONE });
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');

  // The funding file's rows: the card as title and the total charged as amount, in view.
  await page.goto('/account/funding');
  await page.getByText('Carga un archivo para ver la vista previa.').waitFor();
  await page.locator('input[type=file]').setInputFiles({
    name: 'fondeo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Identificador de la tarjeta,Monto\n${card.CardIdentifier},250.00\n`),
  });
  const rows = page.getByTestId('funding-rows');
  await rows.waitFor();
  await checkList(page, rows, 'Fondeo de tarjetas', ['title', 'amount']);
  await screenshot(page, 'phone-money-card-funding');
  const before = await lastSecurityCode('empresa@demo.mx');
  await page.getByRole('button', { name: 'Solicitar código' }).click();
  await page.getByLabel('Código de seguridad').fill(await nextSecurityCode('empresa@demo.mx', before));
  await page.getByRole('button', { name: 'Fondear tarjetas' }).click();
  await page.getByText('Fondeo aplicado.').waitFor();

  // The card's movements: the funding with its date, description, amount and status.
  await page.goto(`/account/cards/${card.CardIdentifier}`);
  const movements = page.getByTestId('card-movements');
  await expect.poll(() => movements.locator('[data-layout="stacked"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await checkList(page, movements, 'Movimientos de la tarjeta');
  expect(await movements.locator('[data-stack="amount"]').first().innerText()).toContain('$250.00');
  await screenshot(page, 'phone-money-card-movements');

  // The cards list and the activation batches: number (or holder) and the whole status on top of each card.
  await page.goto('/account/cards');
  const cards = page.getByTestId('cards-table');
  await expect.poll(() => cards.locator('[data-layout="stacked"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await checkList(page, cards, 'Tarjetas', ['title', 'status']);
  await checkList(page, page.getByTestId('activation-table'), 'Lotes de activación', ['title', 'status']);
  await screenshot(page, 'phone-cards-list');

  // The CLABE accounts (Alta de cuentas): alias and status on top, the CLABE and the bank below.
  await page.goto('/account');
  const accounts = page.getByTestId('clabe-accounts-table');
  await expect.poll(() => accounts.locator('[data-layout="stacked"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await checkList(page, accounts, 'Alta de cuentas', ['title', 'status']);
  await screenshot(page, 'phone-clabe-accounts');
  await context.close();
});

it('a wallet user reads «Últimos movimientos» and Saldos y movimientos on a phone as cards, the amount in view', async () => {
  const { context, page } = await newPage(browser, { viewport: PHONE });
  await signIn(page, 'wallet@demo.mx');
  await page.waitForURL('**/dashboard');
  await expect.poll(() => page.getByTestId('wallet-clabe').innerText(), { timeout: 15_000 }).toMatch(/^\d{18}$/);
  // A received SPEI, so that both lists have a row to draw.
  const clabe = (await page.getByTestId('wallet-clabe').innerText()).trim();
  await sandboxIncomingSpei(browser, { clabe }, { trackingKey: `PHWAL${String(Date.now()).slice(-10)}`, amount: '150.00', concept: 'Pago telefono' });

  await page.reload();
  const last = page.getByTestId('wallet-last-movements');
  await expect.poll(() => last.locator('[data-layout="stacked"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await checkList(page, last, 'Últimos movimientos (Wallet)');
  await screenshot(page, 'phone-money-wallet-summary');

  await page.goto('/movement');
  await page.getByRole('heading', { level: 1, name: 'Saldos y movimientos' }).waitFor();
  const movements = page.getByTestId('wallet-movements');
  await expect.poll(() => movements.locator('[data-layout="stacked"] > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await checkList(page, movements, 'Movimientos (Wallet)');
  await screenshot(page, 'phone-money-wallet-movements');
  // A card opens the movement's detail, as a row does on a desktop.
  await movements.locator('[data-layout="stacked"] > li').first().click();
  await expect.poll(() => page.getByTestId('wallet-movement-detail').isVisible(), { timeout: 15_000 }).toBe(true);
  await context.close();
});
