/**
 * One date display (issue 26 §3): every screen of each kind of user, reached from its side menu,
 * shows its dates as dd/mm/aaaa; no ISO day (2026-12-10) reaches the visible text. A business has
 * a dispersion scheduled for a payment day, so the day shows in the program, the history and the
 * detail, where it used to be ISO.
 */
import { buildClabe, sandboxAccountHolder } from '@far/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, codeIn, lastMessageTo, launch, newPage, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
const BM = '/api/v1/transaction/business-movement';

async function token(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { AccessToken: string } }).data.AccessToken;
}

/** A day `n` days after today in Mexico City: ISO for the API, dd/mm/aaaa as a person reads it. */
function dayAfter(n: number): { iso: string; shown: string } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date()).split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  const iso = t.toISOString().slice(0, 10);
  return { iso, shown: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

/** The demo business schedules a one-row dispersion for `day` through the API (the code from its mailbox). */
async function scheduleDispersion(day: string): Promise<string> {
  const auth = { authorization: `Bearer ${await token('empresa@demo.mx')}`, 'content-type': 'application/json' };
  const before = await lastMessageTo('empresa@demo.mx').then(
    (m) => m.t_body,
    () => '',
  );
  expect((await fetch(`${baseUrl()}/api/v1/security/code`, { method: 'POST', headers: auth, body: JSON.stringify({ Operation: 'dispersion' }) })).status).toBe(
    200,
  );
  let body = '';
  await expect
    .poll(
      async () =>
        (body = await lastMessageTo('empresa@demo.mx').then(
          (m) => m.t_body,
          () => '',
        )) !== before,
      { timeout: 15_000 },
    )
    .toBe(true);
  const clabe = buildClabe('990', '180', '00000000301');
  const holder = sandboxAccountHolder(clabe);
  const csv = ['Nombre del beneficiario,CLABE,Monto,Concepto,Referencia numérica', `${holder.exists ? holder.name : 'Ana Lopez'},${clabe},10.00,Pago,1`].join(
    '\r\n',
  );
  const res = await fetch(`${baseUrl()}${BM}/speiout-dispersion`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': `e2e-dates-${Date.now()}` },
    body: JSON.stringify({ File: { Name: 'fechas.csv', ContentBase64: Buffer.from(csv).toString('base64') }, PaymentDay: day, SecurityCode: codeIn(body) }),
  });
  const json = (await res.json()) as { data: { Id: string }; message?: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data.Id;
}

/** Visits every entry of the side menu and then `extra` addresses; none shows an ISO day. */
async function walk(page: Page, extra: string[] = []): Promise<string[]> {
  const nav = page.getByTestId('side-menu');
  await expect.poll(() => nav.locator('a').count()).toBeGreaterThan(3);
  const paths = await nav.locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const seen: string[] = [];
  for (const path of [...paths, ...extra]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text.match(ISO_DAY) ?? [], `${path} shows an ISO date`).toEqual([]);
    seen.push(path);
  }
  return seen;
}

describe('every screen shows dates as dd/mm/aaaa', () => {
  it('a business: the payment day of a scheduled dispersion in the program, the history and its detail', async () => {
    const day = dayAfter(3);
    const id = await scheduleDispersion(day.iso);
    const { context, page } = await newPage(browser);
    await signIn(page, 'empresa@demo.mx');
    await page.waitForURL('**/dashboard');
    const seen = await walk(page, [`/dispersal/history?id=${id}`]);
    expect(seen).toContain('/dispersal/program');
    await page.goto('/dispersal/program');
    await expect.poll(() => page.getByTestId('pending-dispersions').innerText(), { timeout: 15_000 }).toContain(day.shown);
    await page.goto('/dispersal/history');
    await expect.poll(() => page.getByTestId('dispersion-history').innerText(), { timeout: 15_000 }).toContain(day.shown);
    await page.goto(`/dispersal/history?id=${id}`);
    await expect.poll(() => page.getByTestId('dispersion-detail').innerText(), { timeout: 15_000 }).toContain(day.shown);
    expect((await page.evaluate(() => document.body.innerText)).match(ISO_DAY) ?? []).toEqual([]);
    await context.close();
  });

  it.each(['super@far.mx', 'wallet@demo.mx'])('%s', async (email) => {
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    const seen = await walk(page, ['/dashboard']);
    expect(seen.length).toBeGreaterThan(4);
    await context.close();
  });
});
