/**
 * The three money lists on a phone (issue 26 §5): below the breakpoint each row is a stacked card
 * whose date, description, amount and status are all inside the 390 px screen, with no sideways
 * scroll; an empty list says so in full.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE, launch, newPage, screenshot, signIn } from '../browser';

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
async function checkList(page: Page, list: Locator, name: string) {
  await expect.poll(() => list.getAttribute('data-state')).not.toBe('loading');
  if ((await list.getAttribute('data-state')) === 'empty') {
    await inside(list.getByTestId('empty-state'), `${name}: empty state`);
    return;
  }
  const cards = list.locator('[data-layout="stacked"] > li');
  expect(await cards.count(), `${name} is drawn as cards`).toBeGreaterThan(0);
  expect(await list.locator('table').count(), `${name} has no table`).toBe(0);
  const first = cards.first();
  for (const place of ['date', 'title', 'amount', 'status']) await inside(first.locator(`[data-stack="${place}"]`), `${name}: ${place}`);
  expect(await first.locator('[data-stack="amount"]').innerText()).toMatch(/\$[\d,]+\.\d{2}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
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
  await context.close();
});
