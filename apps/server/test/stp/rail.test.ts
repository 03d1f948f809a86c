/**
 * SPEI through STP against the fake STP (test/stp/fake-stp.ts): orders signed and registered once,
 * STP's refusals, time-outs and 5xx, settlement, return, cancellation, late and repeated events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, CLABE, balance, holdOf, legsOf, speiOut } from '../money/money';
import { queryOrdersOfDay, querySentOrder } from '../../src/modules/stp';
import { fundedStpWorld, type StpWorld } from './setup';

let w: StpWorld;

beforeAll(async () => {
  w = await fundedStpWorld({ speiOutCommission: '5.55', deposit: '10000.00' });
}, 120_000);
afterAll(() => w.close());

/** A SPEI out to BBVA, sent to STP; answers the movement row and its tracking key. */
async function sent(amount = '100.00', name = 'Proveedor Uno') {
  const res = await speiOut(w.t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: name, Amount: amount });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.Id as string;
  await w.step();
  return movementRow(w.t, id);
}

interface Movement {
  v_uid: string;
  i_status: number;
  v_tracking_key: string;
  v_rail: string | null;
  v_rail_id: string | null;
  v_error_detail: string | null;
  v_operation_date: string;
}
const movementRow = async (t: StpWorld['t'], id: string) =>
  (
    await t.sql<Movement>(
      'SELECT v_uid, i_status, v_tracking_key, v_rail, v_rail_id, v_error_detail, d_operation_date::text AS v_operation_date FROM business_movements WHERE v_uid = $1',
      [id],
    )
  )[0]!;
const stpOrder = async (id: string) =>
  (
    await w.t.sql<{ v_status: string; v_stp_id: string | null; v_last_error: string | null }>(
      'SELECT v_status, v_stp_id, v_last_error FROM stp_orders WHERE v_uid_movement = $1',
      [id],
    )
  )[0]!;
const incidents = async () => w.t.sql<{ v_message: string }>(`SELECT v_message FROM logs WHERE v_type = 'stp' ORDER BY d_create_at`);

describe('sending an order', () => {
  it('signs it, STP registers it once, and keeps STP id with the order', async () => {
    const m = await sent('100.00', 'José Ñúñez');
    const o = w.fake.orders.get(m.v_tracking_key)!;
    expect(o).toBeDefined();
    expect(o.montoText).toBe('100.00');
    expect(o.body).toMatchObject({
      empresa: 'TAMIZI',
      institucionContraparte: '40012',
      cuentaBeneficiario: CLABE.bbva,
      cuentaOrdenante: '646180110400000007',
      nombreBeneficiario: 'Jose Nunez',
      tipoCuentaBeneficiario: 40,
      tipoCuentaOrdenante: 40,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: 'Pago de prueba',
      referenciaNumerica: 1234,
    });
    expect(m).toMatchObject({ i_status: 1, v_rail: 'stp', v_rail_id: String(o.id) });
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'registrada', v_stp_id: String(o.id) });
    expect(w.fake.registraCalls.filter((c) => c === m.v_tracking_key)).toHaveLength(1);
  });

  it('maps STP refusal to a Spanish message and returns the held money', async () => {
    const before = await balance(w.t, BUSINESS);
    w.fake.troubleOnOrder.set(w.fake.registraCalls.length + 1, { refuse: [-7, 'La cuenta 012180000000123458 no existe'] });
    const m = await sent('50.00');
    expect(m).toMatchObject({ i_status: 4, v_error_detail: 'La cuenta del beneficiario no existe' });
    expect(await holdOf(w.t, m.v_uid)).toMatchObject({ v_status: 'released' });
    expect(await balance(w.t, BUSINESS)).toEqual(before);
  });

  it('leaves a 5xx «por confirmar», asks STP by tracking key, and sends again with the same key only when STP does not have it', async () => {
    w.fake.troubleOnOrder.set(w.fake.registraCalls.length + 1, '5xx');
    const m = await sent('10.00');
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'por_confirmar', v_stp_id: null, v_last_error: 'STP respondió con un error 503' });
    expect(w.fake.orders.has(m.v_tracking_key)).toBe(false);
    const [state] = await w.t.sql<{ v_last_error: string }>(`SELECT v_last_error FROM stp_rail_state`);
    expect(state!.v_last_error).toBe('STP respondió con un error 503');
    await w.step(10 * 60_000);
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'registrada', v_stp_id: String(w.fake.orders.get(m.v_tracking_key)!.id) });
    expect(w.fake.registraCalls.filter((c) => c === m.v_tracking_key)).toHaveLength(2);
  });

  it('leaves a time-out «por confirmar» and keeps STP id when STP did register it (never sent twice)', async () => {
    w.fake.troubleOnOrder.set(w.fake.registraCalls.length + 1, 'timeout');
    const m = await sent('11.00');
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'por_confirmar', v_last_error: 'STP no respondió a tiempo' });
    expect(w.fake.orders.has(m.v_tracking_key)).toBe(true);
    await w.step(10 * 60_000);
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'registrada', v_stp_id: String(w.fake.orders.get(m.v_tracking_key)!.id) });
    expect(w.fake.registraCalls.filter((c) => c === m.v_tracking_key)).toHaveLength(1);
  });
});

describe("STP's changes of state", () => {
  it('settles once (a repeated LIQUIDACION changes nothing)', async () => {
    const m = await sent('20.00');
    const r1 = await w.fake.setEstado(m.v_tracking_key, 'LIQUIDACION');
    expect(r1).toEqual({ status: 200, body: { mensaje: 'recibido' } });
    const r2 = await w.fake.setEstado(m.v_tracking_key, 'LIQUIDACION', { spelling: 'new' });
    expect(r2.status).toBe(200);
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 2 });
    expect((await legsOf(w.t, m.v_uid)).length).toBeGreaterThan(0);
    const tx = await w.t.sql(`SELECT 1 FROM ledger_transactions WHERE v_reference = $1`, [m.v_uid]);
    expect(tx).toHaveLength(1);
  });

  it('returns (DEVOLUCION with its cause): the hold goes back; a settlement after it is an incident and moves nothing', async () => {
    const m = await sent('30.00');
    const before = await balance(w.t, BUSINESS);
    await w.fake.setEstado(m.v_tracking_key, 'DEVOLUCION', { detalle: 'Cuenta inexistente' });
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 3, v_error_detail: 'Devuelta por el banco receptor: Cuenta inexistente' });
    expect(await holdOf(w.t, m.v_uid)).toMatchObject({ v_status: 'released' });
    const after = await balance(w.t, BUSINESS);
    expect(Number(after.availableBalance) - Number(before.availableBalance)).toBeCloseTo(36.44, 2);
    const res = await w.fake.setEstado(m.v_tracking_key, 'LIQUIDACION');
    expect(res.status).toBe(200);
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 3 });
    expect(await balance(w.t, BUSINESS)).toEqual(after);
    expect((await incidents()).map((i) => i.v_message)).toContain(
      `STP liquidó la orden ${m.v_tracking_key} (id ${w.fake.orders.get(m.v_tracking_key)!.id}) después de devolverla: no se movió dinero; revisar con STP`,
    );
  });

  it('cancels (Cancelada, current spelling): rejected and the hold returned', async () => {
    const m = await sent('40.00');
    await w.fake.setEstado(m.v_tracking_key, 'CANCELACION', { spelling: 'new', detalle: '16' });
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 4, v_error_detail: 'Cancelada por STP: 16' });
    expect(await holdOf(w.t, m.v_uid)).toMatchObject({ v_status: 'released' });
  });

  it('a return after the settlement is STP devolución extemporánea: the amount comes back once', async () => {
    const m = await sent('50.00');
    await w.fake.setEstado(m.v_tracking_key, 'LIQUIDACION');
    const settled = await balance(w.t, BUSINESS);
    await w.fake.setEstado(m.v_tracking_key, 'DEVOLUCION', { detalle: 'Cuenta bloqueada' });
    await w.fake.setEstado(m.v_tracking_key, 'DEVOLUCION', { detalle: 'Cuenta bloqueada' });
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 3 });
    const back = await balance(w.t, BUSINESS);
    expect(Number(back.availableBalance) - Number(settled.availableBalance)).toBeCloseTo(50, 2);
  });

  it('an event that arrives before STP id is known waits, and is applied once the order is confirmed', async () => {
    w.fake.troubleOnOrder.set(w.fake.registraCalls.length + 1, 'timeout');
    const m = await sent('12.00');
    expect(await stpOrder(m.v_uid)).toMatchObject({ v_status: 'por_confirmar' });
    const res = await w.fake.setEstado(m.v_tracking_key, 'LIQUIDACION');
    expect(res.status).toBe(200);
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 1 });
    expect((await incidents()).at(-1)!.v_message).toBe(
      `STP informó settle de una orden desconocida (id ${w.fake.orders.get(m.v_tracking_key)!.id}); se aplicará si la orden aparece`,
    );
    await w.step(10 * 60_000);
    expect(await movementRow(w.t, m.v_uid)).toMatchObject({ i_status: 2 });
    expect(await w.t.sql(`SELECT 1 FROM ledger_transactions WHERE v_reference = $1`, [m.v_uid])).toHaveLength(1);
  });

  it('an event for an order nobody knows is an incident in /log, answered 200', async () => {
    const res = await fetch(`${w.fake.productUrl}/api/stp/estado`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 77, estado: 'LIQUIDACION' }),
    });
    expect(res.status).toBe(200);
    expect((await incidents()).at(-1)!.v_message).toBe('STP informó settle de una orden desconocida (id 77); se aplicará si la orden aparece');
  });

  it('refuses a malformed change of state with 400 and keeps nothing', async () => {
    const before = await w.t.sql(`SELECT 1 FROM stp_estados`);
    for (const body of [{ id: 'x', estado: 'LIQUIDACION' }, { id: 5, estado: 'QUIEN SABE' }, { estado: 'LIQUIDACION' }, [1, 2]]) {
      const res = await fetch(`${w.fake.productUrl}/api/stp/estado`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await w.t.sql(`SELECT 1 FROM stp_estados`)).toHaveLength(before.length);
  });
});

describe("STP's queries (for confirmation now, reconciliation later)", () => {
  it("answers the day's sent orders and one by tracking key, signed; an unknown key is no order", async () => {
    const m = await sent('13.00');
    const day = await queryOrdersOfDay(w.stp, 'E', m.v_operation_date);
    expect(day.kind).toBe('ok');
    expect(day.kind === 'ok' && day.value.map((o) => o.claveRastreo)).toContain(m.v_tracking_key);
    const one = await querySentOrder(w.stp, m.v_tracking_key, m.v_operation_date);
    expect(one).toMatchObject({ kind: 'ok', value: { claveRastreo: m.v_tracking_key, idEF: w.fake.orders.get(m.v_tracking_key)!.id, estado: 'L' } });
    expect(await querySentOrder(w.stp, 'NOEXISTE123', m.v_operation_date)).toEqual({ kind: 'ok', value: null });
    expect(await queryOrdersOfDay(w.stp, 'R', m.v_operation_date)).toEqual({ kind: 'ok', value: [] });
  });

  it('answers «unavailable» when STP answers more than the client reads (the rest is not read)', async () => {
    const m = await sent('14.00');
    const small = { ...w.stp, maxAnswerBytes: 200 };
    expect(await queryOrdersOfDay(small, 'E', m.v_operation_date)).toEqual({ kind: 'unavailable', reason: 'STP respondió algo demasiado grande' });
    expect((await queryOrdersOfDay(w.stp, 'E', m.v_operation_date)).kind).toBe('ok');
  });
});
