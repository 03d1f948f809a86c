/**
 * Card disputes (issue 28 §3): the business disputes a captured purchase from the card's movements
 * (refused in Spanish without a reason), adds a PDF as evidence; staff find it in the queue beside
 * the clarifications, give the provisional credit and win it; the business sees the outcome.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, api, baseUrl, lastSecurityCode, launch, newPage, nextSecurityCode, screenshot, signIn } from '../browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Funds one card through the API's CSV upload (the cards journey does it through the screen). */
async function fundCard(cardId: string, amount: string) {
  const login = await fetch(`${baseUrl()}/api/v1/account/Signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'empresa@demo.mx', Password: DEMO_PASSWORD }),
  });
  const token = (await login.json()).data.AccessToken as string;
  const before = await lastSecurityCode('empresa@demo.mx');
  await api('empresa@demo.mx', '/api/v1/security/code', { Operation: 'card-funding' });
  const form = new FormData();
  form.append('SecurityCode', await nextSecurityCode('empresa@demo.mx', before));
  form.append('file', new Blob([`CardIdentifier,Amount\n${cardId},${amount}\n`], { type: 'text/csv' }), 'fondeo.csv');
  const res = await fetch(`${baseUrl()}/api/v1/transaction/cardholdermovements/load-funds-csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  if (!res.ok) throw new Error(`funding answered ${res.status}: ${await res.text()}`);
}

it('the business disputes a purchase with evidence; staff credit it provisionally and win it', async () => {
  const suffix = String(Date.now()).slice(-6);
  const holder = `DISP${suffix}`;
  await api('empresa@demo.mx', '/api/v1/cardholders/action/create', {
    CardholderIdentifier: holder,
    Names: 'Mario',
    LastName: 'Soto',
    Email: `disp${suffix}@ejemplo.mx`,
    PhoneCode: '+52',
    CellPhone: '5512345678',
  });
  const card = await api('empresa@demo.mx', '/api/v1/cards/action/issue-virtual', { CardholderIdentifier: holder });
  await api('operador@far.mx', `/api/v1/transaction/business/${card.BusinessId}/deposit`, { Amount: '5000.00' }, { 'idempotency-key': randomUUID() });
  await fundCard(card.CardIdentifier, '800.00');
  const auth = await api(
    'empresa@demo.mx',
    '/api/v1/cards/sandbox/authorize',
    { CardIdentifier: card.CardIdentifier, MerchantName: 'Electrónica Norte', Mcc: 5732, Amount: '320.00' },
    { 'idempotency-key': randomUUID() },
  );
  await api('empresa@demo.mx', '/api/v1/cards/sandbox/capture', { AuthorizationId: auth.AuthorizationId }, { 'idempotency-key': randomUUID() });

  // 1. The business disputes the purchase from the card's movements.
  const biz = await newPage(browser);
  await signIn(biz.page, 'empresa@demo.mx');
  await biz.page.waitForURL('**/dashboard');
  await biz.page.goto(`/account/cards/${card.CardIdentifier}`);
  const movements = biz.page.getByRole('region', { name: 'Movimientos de la tarjeta' });
  await movements.getByRole('button', { name: 'Disputar' }).click();
  const dialog = biz.page.getByRole('dialog', { name: 'Disputar compra' });
  await dialog.getByLabel('Descripción').fill('No reconozco este cargo en mi estado de cuenta');
  await dialog.getByRole('button', { name: 'Registrar disputa' }).click();
  await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Motivo no válido');
  await dialog.getByLabel('Motivo').click();
  await biz.page.getByRole('option', { name: 'Cargo no reconocido (45 días)' }).click();
  await dialog.getByRole('button', { name: 'Registrar disputa' }).click();
  await biz.page.waitForURL('**/account/disputes/*');
  const detail = biz.page.getByTestId('dispute-detail');
  await expect.poll(() => detail.innerText()).toContain('Abierta');
  const folio = (await detail.getByRole('heading', { level: 3 }).innerText()).trim();
  expect(folio).toMatch(/^DSP-\d{4}-\d{6}$/);
  // Evidence: a PDF receipt.
  await detail
    .locator('input[type=file]')
    .setInputFiles({ name: 'estado-de-cuenta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%recibo\n') });
  await detail.getByRole('textbox', { name: 'Comentario' }).fill('Estado de cuenta con el cargo');
  await detail.getByRole('button', { name: 'Agregar evidencia' }).click();
  await expect.poll(() => biz.page.getByTestId('dispute-events').innerText()).toContain('estado-de-cuenta.pdf');
  await screenshot(biz.page, 'cards-dispute-business');

  // 2. Staff work it from the queue beside the clarifications.
  const staff = await newPage(browser);
  await signIn(staff.page, 'super@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await staff.page.getByTestId('side-menu').getByRole('link', { name: 'Aclaraciones' }).click();
  await staff.page.waitForURL('**/clarification');
  await staff.page.getByRole('tab', { name: 'Disputas de tarjetas' }).click();
  await staff.page.waitForURL('**/clarification/disputes');
  const row = staff.page.getByTestId('disputes-table').locator('[data-row-id]').filter({ hasText: folio });
  await expect.poll(() => row.innerText()).toContain('Cargo no reconocido');
  await screenshot(staff.page, 'cards-disputes-queue');
  await row.getByRole('button', { name: folio }).click();
  const staffDetail = staff.page.getByTestId('dispute-detail');
  await staffDetail.getByRole('button', { name: 'Dar abono provisional' }).click();
  await expect.poll(() => staffDetail.getByTestId('dispute-credit').innerText()).toBe('$320.00');
  await staffDetail.getByLabel('Nuevo estatus').click();
  await staff.page.getByRole('option', { name: 'Ganada' }).click();
  await staffDetail.getByRole('button', { name: 'Cambiar estatus' }).click();
  await expect.poll(() => staff.page.getByTestId('dispute-events').innerText()).toContain('Contracargo aplicado ($320.00)');
  await screenshot(staff.page, 'cards-dispute-staff');
  await staff.context.close();

  // 3. The business sees it won, and the credit on the card's movements.
  await biz.page.goto(`/account/disputes`);
  await expect.poll(() => biz.page.getByTestId('disputes-table').locator('[data-row-id]').filter({ hasText: folio }).innerText()).toContain('Ganada');
  await biz.page.setViewportSize({ width: 390, height: 844 });
  await biz.page.reload();
  await expect.poll(() => biz.page.getByTestId('disputes-table').locator('[data-row-id]').filter({ hasText: folio }).innerText()).toContain('Ganada');
  await screenshot(biz.page, 'cards-disputes-business-phone');
  await biz.page.setViewportSize({ width: 1366, height: 850 });
  await biz.page.goto(`/account/cards/${card.CardIdentifier}`);
  await expect.poll(() => movements.innerText()).toContain('Abono provisional por disputa');
  await biz.context.close();
});
