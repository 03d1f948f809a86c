/**
 * Banxico's CEP of orders STP settled (issue 24 §6), fetched from a fake Banxico in cep-python's
 * formats (fake-banxico.ts): not yet available, then available; a failure retried; given up after
 * 24 h; the proof of payment is the CEP when it exists and the product's own PDF otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, CLABE, TECHFAR, balance, demoBusiness, deposit, moneyCall, noLimits, speiOut } from '../money/money';
import { newWallet, walletSpei } from '../money/wallet';
import { startFakeBanxico, type FakeBanxico } from './fake-banxico';
import { stpWorld, type StpWorld } from './setup';

let w: StpWorld;
let banxico: FakeBanxico;

beforeAll(async () => {
  banxico = await startFakeBanxico();
  w = await stpWorld({}, { cepUrl: banxico.url });
  const b = await demoBusiness(w.t);
  await noLimits(w.t, b);
  await deposit(w.t, b.id, '5000.00');
}, 120_000);
afterAll(async () => {
  await w.close();
  await banxico.close();
});

const HOUR = 3_600_000;

async function settled(amount: string) {
  const res = await speiOut(w.t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Uno', Amount: amount });
  expect(res.statusCode, res.body).toBe(200);
  await w.step();
  const [m] = await w.t.sql<{ v_uid: string; v_tracking_key: string; d: string }>(
    'SELECT v_uid, v_tracking_key, d_operation_date::text AS d FROM business_movements WHERE v_uid = $1',
    [res.json().data.Id],
  );
  expect((await w.fake.setEstado(m!.v_tracking_key, 'LIQUIDACION')).status).toBe(200);
  return m!;
}

const cep = async (id: string) =>
  (
    await w.t.sql<{ v_status: string; i_attempts: number; v_last_error: string | null; t_xml: string | null; has_pdf: boolean }>(
      'SELECT v_status, i_attempts, v_last_error, t_xml, b_pdf IS NOT NULL AS has_pdf FROM stp_ceps WHERE v_uid_movement = $1',
      [id],
    )
  )[0];
const detail = async (id: string) => (await w.t.call(BUSINESS, { method: 'GET', url: `/api/v1/transaction/business-movement/${id}` })).json().data;
const proof = (id: string, query = '', email = BUSINESS) =>
  w.t.call(email, { method: 'GET', url: `/api/v1/transaction/business-movement/${id}/proof${query}` });

describe('a CEP not yet available, a failure, then available', () => {
  let m: { v_uid: string; v_tracking_key: string; d: string };

  it('asks Banxico with the order: date, tracking key, STP and the receiving institution, account and amount', async () => {
    m = await settled('1234.50');
    await w.step(0);
    expect(await cep(m.v_uid)).toMatchObject({ v_status: 'pendiente', i_attempts: 1, v_last_error: 'Banxico aún no tiene el pago' });
    const [y, mo, d] = m.d.split('-');
    expect(banxico.forms.at(-1)).toEqual({
      tipoCriterio: 'T',
      captcha: 'c',
      tipoConsulta: '1',
      fecha: `${d}-${mo}-${y}`,
      criterio: m.v_tracking_key,
      emisor: '90646',
      receptor: '40012',
      cuenta: CLABE.bbva,
      monto: '1234.50',
      receptorParticipante: '0',
    });
  });

  it("meanwhile the proof is the product's own PDF and the detail says the CEP is awaited", async () => {
    expect((await detail(m.v_uid)).Cep).toEqual({ Available: false, StatusName: 'CEP en espera de Banxico' });
    const res = await proof(m.v_uid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`comprobante-${m.v_tracking_key}.pdf`);
  });

  it('found without its CEP yet, then a 500: both retried later with back-off; nothing else waits', async () => {
    banxico.payments.set(m.v_tracking_key, 'no_cep');
    const before = banxico.forms.length;
    await w.step(30_000); // not due yet (1 min after the first try)
    expect(banxico.forms.length).toBe(before);
    await w.step(2 * 60_000);
    expect(await cep(m.v_uid)).toMatchObject({ v_status: 'pendiente', i_attempts: 2, v_last_error: 'Banxico identificó el pago pero aún no emite el CEP' });
    banxico.payments.set(m.v_tracking_key, 'ready');
    banxico.failNext = 1;
    await w.step(10 * 60_000);
    expect(await cep(m.v_uid)).toMatchObject({ v_status: 'pendiente', i_attempts: 3, v_last_error: 'Banxico respondió 500 a la consulta del CEP' });
    // Another order still goes out and settles while the CEP waits.
    expect((await settled('10.00')).v_tracking_key).toBeTruthy();
  });

  it('available: the XML and PDF are stored and the proof downloaded is the CEP', async () => {
    await w.step(HOUR);
    const row = await cep(m.v_uid);
    expect(row).toMatchObject({ v_status: 'obtenido', has_pdf: true, v_last_error: null });
    expect(row!.t_xml).toContain(`claveRastreo="${m.v_tracking_key}"`);
    expect(row!.t_xml).toContain('MontoPago="1234.50"');
    expect((await detail(m.v_uid)).Cep).toEqual({ Available: true, StatusName: 'CEP de Banxico disponible' });
    const res = await proof(m.v_uid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`CEP-${m.d.replaceAll('-', '')}-${m.v_tracking_key}.pdf`);
    expect(res.rawPayload.equals(banxico.pdfOf(m.v_tracking_key))).toBe(true);
    // The product's own proof on request; a bad kind is refused; another tenant cannot see it.
    const own = await proof(m.v_uid, '?Kind=propio');
    expect(own.headers['content-disposition']).toContain('comprobante-');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await proof(m.v_uid, '?Kind=zip')).statusCode).toBe(400);
    expect((await proof(m.v_uid, '', BUSINESS_2)).statusCode).toBe(404);
    // Obtained: never asked again.
    const asked = () => banxico.forms.filter((f) => f.criterio === m.v_tracking_key).length;
    const tries = asked();
    await w.step(2 * HOUR);
    expect(asked()).toBe(tries);
  });
});

describe('a CEP Banxico never issues', () => {
  it('is given up after 24 h; the own proof stays, and no money or order was held for it', async () => {
    const before = await balance(w.t, BUSINESS);
    const m = await settled('77.00');
    for (const h of [0, 1, 2, 4, 8, 16, 23]) await w.step(h * HOUR + 60_000);
    expect((await cep(m.v_uid))!.v_status).toBe('pendiente');
    await w.step(25 * HOUR);
    expect(await cep(m.v_uid)).toMatchObject({ v_status: 'agotado', v_last_error: 'Banxico aún no tiene el pago' });
    expect((await detail(m.v_uid)).Cep).toEqual({ Available: false, StatusName: 'CEP no disponible: se entrega el comprobante propio' });
    expect((await proof(m.v_uid)).headers['content-disposition']).toContain('comprobante-');
    expect((await detail(m.v_uid)).StatusName).toBe('Liquidada');
    expect(await balance(w.t, BUSINESS)).not.toEqual(before);
  });
});

describe("a wallet's SPEI out", () => {
  it('the wallet reads its CEP on its own order: the state on the detail, the CEP or its own PDF to download', async () => {
    const [a, b] = [await newWallet(w.t), await newWallet(w.t)];
    const funded = await moneyCall(w.t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: a.id, Amount: '500.00' } });
    expect(funded.statusCode, funded.body).toBe(200);
    const res = await walletSpei(w.t, a.email, { Clabe: CLABE.bbva, Amount: '120.00' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.Id as string;
    const url = `/api/v1/wallet/movement/${id}`;
    const walletDetail = async () => (await w.t.call(a.email, { method: 'GET', url })).json().data;
    await w.step();
    // Sent, not settled: no CEP applies yet.
    expect((await walletDetail()).Cep).toBeNull();
    const { TrackingKey } = await walletDetail();
    banxico.payments.set(TrackingKey, 'ready');
    expect((await w.fake.setEstado(TrackingKey, 'LIQUIDACION')).status).toBe(200);
    await w.step(0);
    expect((await walletDetail()).Cep).toEqual({ Available: true, StatusName: 'CEP de Banxico disponible' });
    const cepPdf = await w.t.call(a.email, { method: 'GET', url: `${url}/proof?Kind=cep` });
    expect(cepPdf.statusCode).toBe(200);
    expect(cepPdf.rawPayload.equals(banxico.pdfOf(TrackingKey))).toBe(true);
    const own = await w.t.call(a.email, { method: 'GET', url: `${url}/proof?Kind=propio` });
    expect([own.statusCode, own.headers['content-disposition']]).toEqual([200, expect.stringContaining('comprobante-')]);
    expect((await w.t.call(a.email, { method: 'GET', url: `${url}/proof?Kind=zip` })).json().message).toBe('Tipo de comprobante no válido');
    // Another wallet: 404 with nothing of the order; a business user: 403.
    for (const u of [`${url}/proof?Kind=cep`, url]) {
      const other = await w.t.call(b.email, { method: 'GET', url: u });
      expect([other.statusCode, other.json().message]).toEqual([404, 'Movimiento no encontrado']);
      expect((await w.t.call(BUSINESS, { method: 'GET', url: u })).statusCode).toBe(403);
    }
  });
});
