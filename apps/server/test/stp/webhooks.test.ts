/**
 * STP's abono webhook (an incoming SPEI) against the product: both spellings, credited once less
 * commission and IVA like the sandbox's incoming SPEI, returned when nobody can receive it; the
 * allow list (TRUST_PROXY respected) and malformed bodies.
 */
import { buildClabe } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAllowList } from '../../src/config';
import { WALLET } from '../helpers';
import { TECHFAR, balance, demoBusiness, type DemoBusiness } from '../money/money';
import { stpWorld, type StpWorld } from './setup';

let w: StpWorld;
let b: DemoBusiness;
let seq = 0;

beforeAll(async () => {
  w = await stpWorld();
  b = await demoBusiness(w.t);
  // SPEI in: 1 % commission (+16 % IVA) for businesses.
  const res = await w.t.call(TECHFAR, {
    method: 'PUT',
    url: '/api/v1/transaction/speiconfig/global',
    payload: { CommissionSpeiInGlobal: '1', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '0', CommissionDepositCardholder: '0' },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(() => w.close());

/** An abono as STP posts it, in the older (capitalised) spelling. */
function abono(cuenta: string, monto: number | string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    Clave: 2456300 + seq,
    FechaOperacion: 20261127,
    InstitucionOrdenante: 40012,
    InstitucionBeneficiaria: 90646,
    ClaveRastreo: `BBVA${1000 + seq}`,
    Monto: monto,
    NombreOrdenante: 'Cliente Pagador',
    TipoCuentaOrdenante: 40,
    CuentaOrdenante: '012180000000123458',
    RFCCurpOrdenante: 'ND',
    NombreBeneficiario: 'Beneficiario',
    TipoCuentaBeneficiario: 40,
    CuentaBeneficiario: cuenta,
    RFCCurpBeneficiario: 'ND',
    ConceptoPago: 'Pago de factura',
    ReferenciaNumerica: 1234567,
    Empresa: 'TAMIZI',
    ...extra,
  };
}

/** The same fields in the current spelling (lower-case first letter, `id` for Clave). */
const lowerSpelling = (a: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(a).map(([k, v]) => [
      k === 'Clave'
        ? 'id'
        : k === 'RFCCurpOrdenante'
          ? 'rfcCurpOrdenante'
          : k === 'RFCCurpBeneficiario'
            ? 'rfcCurpBeneficiario'
            : k[0]!.toLowerCase() + k.slice(1),
      v,
    ]),
  );

const credits = async (trackingKey: string) =>
  w.t.sql<{ v_client: string; n_amount_cents: string; n_commission_cents: string; n_iva_cents: string }>(
    `SELECT v_client, n_amount_cents::text, n_commission_cents::text, n_iva_cents::text FROM business_movements WHERE v_type = 'SPEI_IN' AND v_tracking_key = $1`,
    [trackingKey],
  );

describe('POST /api/stp/abonos', () => {
  it('credits a business less commission and IVA, answers LIQUIDACION, and a repeat credits nothing and gets the same answer', async () => {
    const before = await balance(w.t, b.email);
    const a = abono(b.clabe, 1000.5);
    const first = await w.fake.postAbono(a);
    expect(first).toEqual({ status: 200, body: { estado: 'LIQUIDACION', mensaje: 'confirmar' } });
    const again = await w.fake.postAbono(a);
    expect(again).toEqual(first);
    expect(await credits(a.ClaveRastreo)).toEqual([{ v_client: b.client, n_amount_cents: '100050', n_commission_cents: '1001', n_iva_cents: '160' }]);
    const after = await balance(w.t, b.email);
    expect(Number(after.availableBalance) - Number(before.availableBalance)).toBeCloseTo(1000.5 - 10.01 - 1.6, 2);
  });

  it('credits a wallet (current spelling) once, even when the two calls arrive together', async () => {
    // The wallet account (and its CLABE) opens with the user's first summary.
    expect((await w.t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/summary', payload: {} })).statusCode).toBe(200);
    const [wallet] = await w.t.sql<{ v_clabe: string; v_client: string }>(
      `SELECT a.v_clabe, a.v_client FROM wallet_accounts a JOIN users u ON u.v_uid = a.v_uid_user WHERE u.v_email = $1`,
      [WALLET],
    );
    const a = lowerSpelling(abono(wallet!.v_clabe, '250.00'));
    const [one, two] = await Promise.all([w.fake.postAbono(a), w.fake.postAbono(a)]);
    expect(one.body).toMatchObject({ estado: 'LIQUIDACION' });
    expect(two.body).toEqual(one.body);
    const rows = await credits(String(a.claveRastreo));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.v_client).toBe(wallet!.v_client);
  });

  it('returns a transfer to an unknown CLABE (DEVOLUCION, cause 1) and credits nothing', async () => {
    const a = abono(buildClabe('646', '180', '24909999999'), 75);
    const res = await w.fake.postAbono(a);
    expect(res).toEqual({
      status: 200,
      body: { estado: 'DEVOLUCION', mensaje: 'devolver', id: 1, causaDevolucion: 1, detalle: 'La CLABE no corresponde a ninguna empresa' },
    });
    expect(await credits(a.ClaveRastreo)).toEqual([]);
    expect(await w.fake.postAbono(a)).toEqual(res);
  });

  it('refuses malformed bodies with 400 and writes nothing', async () => {
    const before = await w.t.sql(`SELECT 1 FROM stp_abonos`);
    const bad = [
      abono(b.clabe, -5),
      abono(b.clabe, '10.005'),
      abono(b.clabe, 10, { FechaOperacion: 'ayer' }),
      abono(b.clabe, 10, { ClaveRastreo: '' }),
      abono(b.clabe, 10, { Empresa: 'OTRA' }),
      { Monto: 10 },
    ];
    for (const body of bad) {
      const res = await w.fake.postAbono(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await w.t.sql(`SELECT 1 FROM stp_abonos`)).toHaveLength(before.length);
  });
});

describe('the allow list', () => {
  it('refuses callers outside STP_WEBHOOK_ALLOW with 403, judging the address through TRUST_PROXY', async () => {
    const a = abono(b.clabe, 10);
    const inject = (opts: { remoteAddress: string; headers?: Record<string, string> }) =>
      w.t.app.inject({ method: 'POST', url: '/api/stp/abonos', payload: a, ...opts });
    expect((await inject({ remoteAddress: '10.9.8.7' })).statusCode).toBe(403);
    expect((await inject({ remoteAddress: '10.9.8.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403); // no proxy is trusted
    expect(
      (await w.t.app.inject({ method: 'POST', url: '/api/stp/estado', payload: { id: 1, Estado: 'LIQUIDACION' }, remoteAddress: '192.168.1.1' })).statusCode,
    ).toBe(403);
    expect(await credits(a.ClaveRastreo)).toEqual([]);
  });

  it('lets listed ranges in behind a trusted proxy', async () => {
    const other = await stpWorld({ stpWebhookAllow: webhookAllowList('200.57.0.0/16', false), trustProxy: ['127.0.0.1'] });
    try {
      const call = (forwarded: string) =>
        other.t.app.inject({
          method: 'POST',
          url: '/api/stp/estado',
          payload: { id: 999, Estado: 'LIQUIDACION' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwarded },
        });
      expect((await call('200.57.1.2')).statusCode).toBe(200);
      expect((await call('201.1.1.1')).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});
