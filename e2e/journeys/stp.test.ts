/**
 * SPEI through STP, end to end: a product server started with SPEI_RAIL=stp against the fake STP
 * of the server's test suite (a real HTTP server). The business sends a transfer in Chromium; the
 * fake verifies its firma and registers it; the fake settles it through the product's webhook; the
 * business sees it settled and downloads the proof, which is Banxico's CEP from the fake Banxico
 * (issue 24 §6). Staff see the rail's state on the dashboard.
 */
import { readFileSync } from 'node:fs';
import { sandboxAccountHolder, buildClabe } from '@far/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeBanxico, type FakeBanxico } from '../../apps/server/test/stp/fake-banxico';
import { startFakeStp, type FakeStp } from '../../apps/server/test/stp/fake-stp';
import { STP_PASSPHRASE, makeStpKeys } from '../../apps/server/test/stp/keys';
import { codeIn, lastMessageTo, launch, newPage, screenshot, signIn } from '../browser';
import { startServer } from '../global-setup';

let browser: Browser;
let fake: FakeStp;
let banxico: FakeBanxico;
let server: { base: string; stop: () => Promise<void> };

beforeAll(async () => {
  const keys = makeStpKeys();
  fake = await startFakeStp(keys.publicKey, { timeoutMs: 5000 });
  banxico = await startFakeBanxico();
  server = await startServer(7, {
    SPEI_RAIL: 'stp',
    STP_API_URL: fake.url,
    STP_EMPRESA: fake.empresa,
    STP_PRIVATE_KEY_FILE: keys.file,
    STP_PRIVATE_KEY_PASSPHRASE: STP_PASSPHRASE,
    STP_CUENTA_ORDENANTE: '646180110400000007',
    STP_TIMEOUT_MS: '5000',
    CEP_URL: banxico.url,
    JOBS_POLL_MS: '300',
  });
  fake.productUrl = server.base;
  browser = await launch();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  await banxico?.close();
});

/** Clicks «Enviar código» and answers the code of the new message to `email`. */
async function sendCode(page: Page, email: string): Promise<string> {
  const latest = () =>
    lastMessageTo(email, server.base)
      .then((m) => m.t_body)
      .catch(() => '');
  const before = await latest();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  let body = '';
  await expect.poll(async () => (body = await latest()) !== '' && body !== before, { timeout: 15_000 }).toBe(true);
  return codeIn(body);
}

it('a business sends a transfer through STP, STP settles it, and the business downloads the proof', async () => {
  const { context, page } = await newPage(browser, server.base);
  await signIn(page, 'empresa@demo.mx');
  await page.waitForURL('**/dashboard');

  // The business's CLABE is registered at STP by the dispatcher; the statement screen says so.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Estado de cuenta' }).click();
  await page.waitForURL('**/account/status');
  await expect.poll(() => page.getByTestId('clabe-registration').innerText(), { timeout: 30_000 }).toBe('Registrada en STP');

  // A transfer to a BBVA CLABE typed by hand (its holder is who the rail's lookup names).
  const clabe = buildClabe('012', '180', String(Date.now()).slice(-11));
  const holder = sandboxAccountHolder(clabe);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Transferencias y dispersiones' }).click();
  await page.waitForURL('**/dispersal/transfer');
  await page.getByText('Otra CLABE').click();
  await page.getByLabel('CLABE del beneficiario').fill(clabe);
  await page.getByLabel('Nombre del beneficiario').fill(holder.exists ? holder.name : 'Proveedor STP');
  await page.getByLabel('Monto').fill('321.50');
  await page.getByLabel('Concepto').fill('Pago por STP');
  await page.getByLabel('Referencia numérica').fill('2468');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => page.getByTestId('value-preview').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel('Código de seguridad').fill(await sendCode(page, 'empresa@demo.mx'));
  const holderCheck = page.getByLabel('Confirmar titular');
  await page.getByRole('button', { name: 'Confirmar transferencia' }).click();
  if (await holderCheck.isVisible().catch(() => false)) {
    await holderCheck.check();
    await page.getByRole('button', { name: 'Confirmar transferencia' }).click();
  }
  await expect.poll(() => page.getByTestId('transfer-result').isVisible(), { timeout: 15_000 }).toBe(true);
  const trackingKey = await page.getByTestId('tracking-key').innerText();

  // STP has it, signed as STP verifies, exactly once; then STP settles it.
  await expect.poll(() => fake.orders.has(trackingKey), { timeout: 30_000 }).toBe(true);
  expect(fake.orders.get(trackingKey)!).toMatchObject({
    montoText: '321.50',
    body: { cuentaBeneficiario: clabe, institucionContraparte: '40012', conceptoPago: 'Pago por STP', referenciaNumerica: 2468 },
  });
  expect(fake.registraCalls.filter((c) => c === trackingKey)).toHaveLength(1);
  // Banxico issues the CEP of the settled payment; the dispatcher fetches it.
  banxico.payments.set(trackingKey, 'ready');
  expect((await fake.setEstado(trackingKey, 'LIQUIDACION')).status).toBe(200);
  await expect.poll(() => page.getByTestId('transfer-status').innerText(), { timeout: 30_000 }).toMatch(/Liquidada/i);
  await screenshot(page, 'stp-transfer-settled');

  // The proof of the settled transfer: Banxico's CEP, once fetched.
  await expect.poll(() => banxico.served.includes(trackingKey), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Saldos y movimientos' }).click();
  await page.waitForURL('**/movement');
  await expect.poll(() => page.getByTestId('movements-table').innerText(), { timeout: 15_000 }).toContain(trackingKey);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Descargar comprobante ${trackingKey}` }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await download.path()).equals(banxico.pdfOf(trackingKey))).toBe(true);
  // The order's detail offers both: Banxico's CEP and the product's own PDF.
  await page.getByRole('row', { name: new RegExp(`^Ver movimiento .*${trackingKey}`) }).click();
  const detail = page.getByTestId('movement-detail');
  await expect.poll(() => detail.innerText(), { timeout: 15_000 }).toContain('CEP de Banxico disponible');
  const [cep] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'CEP de Banxico (PDF)' }).click()]);
  expect(cep.suggestedFilename()).toBe(`CEP-${trackingKey}.pdf`);
  expect(readFileSync(await cep.path()).equals(banxico.pdfOf(trackingKey))).toBe(true);
  const [own] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Comprobante propio (PDF)' }).click()]);
  expect(own.suggestedFilename()).toBe(`comprobante-${trackingKey}.pdf`);
  expect(
    readFileSync(await own.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');
  expect(readFileSync(await own.path()).equals(banxico.pdfOf(trackingKey))).toBe(false);
  await screenshot(page, 'stp-movement-cep');
  await context.close();

  // Staff see the rail on the dashboard.
  const staff = await newPage(browser, server.base);
  await signIn(staff.page, 'operador@far.mx');
  await staff.page.waitForURL('**/dashboard');
  await expect.poll(() => staff.page.getByTestId('rail-state').innerText(), { timeout: 30_000 }).toContain('Riel SPEI: STP');
  expect(await staff.page.getByTestId('rail-state').innerText()).toContain('Disponible');
  await screenshot(staff.page, 'stp-dashboard-rail');
  await staff.context.close();
}, 300_000);

it("a wallet user sends a SPEI through STP and downloads Banxico's CEP from the order's detail", async () => {
  const { context, page } = await newPage(browser, server.base);
  await signIn(page, 'wallet@demo.mx');
  await page.waitForURL('**/dashboard');
  // Money in first: a SPEI that STP credits to the wallet's CLABE.
  await expect.poll(() => page.getByTestId('wallet-clabe').innerText(), { timeout: 15_000 }).toMatch(/^\d{18}$/);
  const walletClabe = await page.getByTestId('wallet-clabe').innerText();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date()).replaceAll('-', '');
  const abono = await fake.postAbono({
    Clave: Number(String(Date.now()).slice(-7)),
    FechaOperacion: Number(today),
    InstitucionOrdenante: 40012,
    InstitucionBeneficiaria: 90646,
    ClaveRastreo: `BBVA${String(Date.now()).slice(-9)}`,
    Monto: '500.00',
    NombreOrdenante: 'Cliente Pagador',
    TipoCuentaOrdenante: 40,
    CuentaOrdenante: '012180000000123458',
    RFCCurpOrdenante: 'ND',
    NombreBeneficiario: 'Diego Torres Salas',
    TipoCuentaBeneficiario: 40,
    CuentaBeneficiario: walletClabe,
    RFCCurpBeneficiario: 'ND',
    ConceptoPago: 'Fondeo',
    ReferenciaNumerica: 1234567,
    Empresa: fake.empresa,
  });
  expect(abono.body).toMatchObject({ mensaje: 'confirmar' });
  await page.getByTestId('side-menu').getByRole('link', { name: 'Transferencias', exact: true }).click();
  await page.getByText('Transferencia SPEI', { exact: true }).click();
  const clabe = buildClabe('012', '180', String(Date.now()).slice(-11));
  await page.getByLabel('CLABE').fill(clabe);
  await page.getByLabel('Nombre del beneficiario').fill('Arrendadora del Centro');
  await page.getByLabel('Monto').fill('45.50');
  await page.getByLabel('Concepto').fill('Renta por STP');
  await page.getByLabel('Referencia numérica').fill('1357');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect.poll(() => page.getByTestId('wallet-preview').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel('Código de seguridad').fill(await sendCode(page, 'wallet@demo.mx'));
  await page.getByRole('button', { name: 'Confirmar envío' }).click();
  await expect.poll(() => page.getByTestId('wallet-transfer-result').innerText(), { timeout: 15_000 }).toContain('Transferencia registrada');

  // STP registers it; Banxico issues the CEP once STP settles it, and the dispatcher fetches it.
  const sent = () => [...fake.orders.entries()].find(([, o]) => o.body.cuentaBeneficiario === clabe)?.[0];
  await expect.poll(sent, { timeout: 30_000 }).toBeTruthy();
  const trackingKey = sent()!;
  banxico.payments.set(trackingKey, 'ready');
  expect((await fake.setEstado(trackingKey, 'LIQUIDACION')).status).toBe(200);
  await expect.poll(() => banxico.served.includes(trackingKey), { timeout: 30_000 }).toBe(true);

  // The order's detail in «Saldos y movimientos»: the CEP's state, the CEP and the own PDF.
  await page.getByTestId('side-menu').getByRole('link', { name: 'Saldos y movimientos' }).click();
  const row = page
    .getByTestId('wallet-movements')
    .getByRole('row', { name: /^Ver detalle: Transferencia SPEI enviada/ })
    .first();
  // The settlement is applied by the product's job queue: the list is read again until it shows it.
  await expect
    .poll(
      async () => {
        await page.reload();
        return row.innerText();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toContain('Liquidada');
  await row.click();
  const detail = page.getByTestId('wallet-movement-detail');
  await expect.poll(() => detail.innerText(), { timeout: 15_000 }).toContain('CEP de Banxico disponible');
  expect(await detail.innerText()).toContain(trackingKey);
  const [cep] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'CEP de Banxico (PDF)' }).click()]);
  expect(cep.suggestedFilename()).toBe(`CEP-${trackingKey}.pdf`);
  expect(readFileSync(await cep.path()).equals(banxico.pdfOf(trackingKey))).toBe(true);
  const [own] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Comprobante propio (PDF)' }).click()]);
  expect(own.suggestedFilename()).toBe(`comprobante-${trackingKey}.pdf`);
  expect(readFileSync(await own.path()).equals(banxico.pdfOf(trackingKey))).toBe(false);
  await screenshot(page, 'stp-wallet-movement-cep');
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.getByRole('button', { name: 'CEP de Banxico (PDF)' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'stp-wallet-movement-cep-phone');
  await context.close();
}, 300_000);
