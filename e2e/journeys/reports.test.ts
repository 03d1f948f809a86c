import { readFileSync } from 'node:fs';
import { MOVEMENT_DIRECTION, MOVEMENT_TYPES, MOVEMENT_TYPE_NAMES } from '@far/contracts';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE, launch, newPage, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** '$1,234.56' → 123456 cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

it('a business downloads its movements report as XLSX: CLABEs kept as text and totals that match the screen', async () => {
  const { context, page } = await newPage(browser);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Reportes' }).click();
  await page.waitForURL('**/report');
  const totals = page.getByTestId('report-totals');
  await expect.poll(() => totals.innerText(), { timeout: 15_000 }).toContain('Movimientos');
  await expect.poll(() => page.getByTestId('report-chart').isVisible()).toBe(true);
  await screenshot(page, 'report-business');

  const card = (label: string) => totals.locator('div', { hasText: label }).last();
  const count = Number((await card('Movimientos').innerText()).replace(/\D/g, ''));
  const entradas = cents((await card('Entradas').innerText()).split('\n').pop()!);
  expect(count).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^reporte-movimientos.*\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const col = (name: string) => header.indexOf(name) + 1;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row);
  });
  expect(rows).toHaveLength(count);
  // Every CLABE is an 18-digit text cell (Excel keeps every digit and the leading zeros).
  for (const name of ['CLABE ordenante', 'CLABE beneficiario']) {
    for (const row of rows) {
      const cell = row.getCell(col(name));
      if (cell.value === null || cell.value === '') continue;
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(String(cell.value)).toMatch(/^\d{18}$/);
    }
  }
  expect(rows.every((r) => r.getCell(col('Fecha')).value instanceof Date)).toBe(true);
  // Money in: what the «Entradas» card shows, summed from the file's settled movements of a type
  // that brings money in (deposits, SPEI in, wallet in, returns, credits). Other journeys on this
  // server add movements of other directions (card funding, budget moves, charges): not money in.
  const inNames = new Set<unknown>(MOVEMENT_TYPES.filter((t) => MOVEMENT_DIRECTION[t] === 'in').map((t) => MOVEMENT_TYPE_NAMES[t]));
  const inCents = rows
    .filter((r) => inNames.has(r.getCell(col('Tipo')).value) && r.getCell(col('Estatus')).value === 'Liquidada')
    .reduce((s, r) => s + Math.round((r.getCell(col('Importe')).value as number) * 100), 0);
  expect(inCents).toBe(entradas);
  await context.close();
});

it('on a phone (390 px) the Reportes and Aclaraciones screens do not scroll sideways', async () => {
  const { context, page } = await newPage(browser, { viewport: PHONE });
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');
  for (const [path, heading, shot] of [
    ['/report', 'Reportes', 'report-phone'],
    ['/clarification', 'Aclaraciones', 'clarification-phone'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await screenshot(page, shot);
  }
  await context.close();
});
