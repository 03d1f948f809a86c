/**
 * The daily SPEI reconciliation against the fake STP's day queries (issue 24 §5): a day with an
 * incoming transfer STP carried that the ledger never got (missing) and an order whose amount STP
 * tells differently (mismatched); crediting the missing one, reviewing the other with a comment,
 * who may do what, bad input, the daily job and a rail that does not answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, CLABE, TECHFAR, balance, demoBusiness, deposit, key, moneyCall, noLimits, speiOut, type DemoBusiness } from '../money/money';
import { SUPER, WALLET } from '../helpers';
import { enqueueJob } from '../../src/modules/jobs';
import { addDays, compactDate, mexicoDate, mexicoMidnight } from '../../src/platform/mexico-time';
import { stpWorld, type StpWorld } from './setup';

let w: StpWorld;
let b: DemoBusiness;
const today = mexicoDate(new Date());
const base = '/api/v1/transaction/spei-reconciliation';

beforeAll(async () => {
  w = await stpWorld();
  b = await demoBusiness(w.t);
  await noLimits(w.t, b);
  await deposit(w.t, b.id, '5000.00');
  // The demo's opening transfers came through the sandbox, not STP: out of this day.
  await w.t.sql(`UPDATE business_movements SET d_operation_date = '2020-01-02' WHERE v_type = 'SPEI_IN'`);
}, 120_000);
afterAll(() => w.close());

/** A SPEI out STP registered and settled. */
async function settled(amount: string) {
  const res = await speiOut(w.t, BUSINESS, { Clabe: CLABE.bbva, BeneficiaryName: 'Proveedor Uno', Amount: amount });
  expect(res.statusCode, res.body).toBe(200);
  await w.step();
  const [m] = await w.t.sql<{ v_uid: string; v_tracking_key: string }>('SELECT v_uid, v_tracking_key FROM business_movements WHERE v_uid = $1', [
    res.json().data.Id,
  ]);
  const posted = await w.fake.setEstado(m!.v_tracking_key, 'LIQUIDACION');
  expect(posted.status).toBe(200);
  return m!;
}

/** An incoming transfer as STP lists it among the day's received orders. */
const missedAbono = (clabe: string) => ({
  Clave: 7770001,
  FechaOperacion: Number(compactDate(today)),
  InstitucionOrdenante: 40012,
  InstitucionBeneficiaria: 90646,
  ClaveRastreo: 'BBVAPERDIDA01',
  Monto: '321.45',
  NombreOrdenante: 'Cliente Perdido SA',
  TipoCuentaOrdenante: 40,
  CuentaOrdenante: '012180000000123458',
  NombreBeneficiario: 'Empresa',
  TipoCuentaBeneficiario: 40,
  CuentaBeneficiario: clabe,
  ConceptoPago: 'Pago factura 77',
  ReferenciaNumerica: 77,
});

const run = (email: string, day: string) => w.t.call(email, { method: 'POST', url: `${base}/run`, payload: { Day: day } });
const dayOf = async (email = SUPER, query = `Day=${today}`) => {
  const res = await w.t.call(email, { method: 'GET', url: `${base}/day?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Run: Record<string, unknown> | null; Lines: Array<Record<string, unknown>> };
};
const logCount = async (like: string) => (await w.t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM log_user WHERE v_activity LIKE $1`, [like]))[0]!.n;

describe('a day with one missing and one mismatched order', () => {
  let mismatched: { v_uid: string; v_tracking_key: string };

  it('lists the incoming transfer missing from the ledger and the amount STP tells differently', async () => {
    await settled('100.00');
    mismatched = await settled('200.00');
    // STP's record of the second order says 200.10; the ledger says 200.00.
    w.fake.orders.get(mismatched.v_tracking_key)!.montoText = '200.10';
    // An abono STP carried whose webhook never reached us.
    w.fake.received.push(missedAbono(b.clabe));

    const res = await run(SUPER, today);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data;
    expect(day.Run).toMatchObject({ Day: today, Rail: 'stp', Status: 'completa', SentRail: 2, ReceivedRail: 1, SentLedger: 2, ReceivedLedger: 0, Open: 2 });
    expect(day.Lines).toHaveLength(2);
    const missing = day.Lines.find((l: { Kind: string }) => l.Kind === 'falta_en_libro');
    expect(missing).toMatchObject({
      Direction: 'R',
      KindName: 'Falta en el libro',
      TrackingKey: 'BBVAPERDIDA01',
      RailAmount: '321.45',
      LedgerAmount: null,
      Counterparty: 'Cliente Perdido SA',
      Account: b.clabe,
      Status: 'abierta',
      CanCredit: true,
    });
    const amount = day.Lines.find((l: { Kind: string }) => l.Kind === 'monto');
    expect(amount).toMatchObject({ Direction: 'E', TrackingKey: mismatched.v_tracking_key, RailAmount: '200.10', LedgerAmount: '200.00', CanCredit: false });
    expect(await logCount(`Conciliación SPEI del ${today} ejecutada`)).toBe(1);
  });

  it('exports the lines as CSV', async () => {
    const res = await w.t.call(SUPER, { method: 'GET', url: `${base}/day/csv?Day=${today}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`conciliacion-spei-${today}.csv`);
    expect(res.body).toContain('Clave de rastreo');
    expect(res.body).toContain('BBVAPERDIDA01');
    expect(res.body).toContain('Falta en el libro');
    expect(res.body).toContain('Monto distinto');
  });

  it('a state STP tells differently is a line too', async () => {
    const third = await settled('50.00');
    w.fake.orders.get(third.v_tracking_key)!.estado = 'D';
    const day = (await run(SUPER, today)).json().data;
    expect(day.Lines.find((l: { Kind: string }) => l.Kind === 'estado')).toMatchObject({
      TrackingKey: third.v_tracking_key,
      RailState: 'Devuelta',
      LedgerState: 'Liquidada',
    });
    // Back to what STP really has: the next run removes the open line.
    w.fake.orders.get(third.v_tracking_key)!.estado = 'LQ';
    const again = (await run(SUPER, today)).json().data;
    expect(again.Lines.map((l: { Kind: string }) => l.Kind).sort()).toEqual(['falta_en_libro', 'monto']);
  });

  it('refuses the wrong roles: a business, a wallet user; an operator may review but not credit', async () => {
    const lines = (await dayOf()).Lines;
    const missing = lines.find((l) => l.Kind === 'falta_en_libro')!;
    for (const email of [BUSINESS, WALLET]) {
      expect((await w.t.call(email, { method: 'GET', url: `${base}/day?Day=${today}` })).statusCode).toBe(403);
      expect((await run(email, today)).statusCode).toBe(403);
      expect((await moneyCall(w.t, email, { method: 'POST', url: `${base}/line/${missing.Id}/credit` })).statusCode).toBe(403);
    }
    expect((await moneyCall(w.t, TECHFAR, { method: 'POST', url: `${base}/line/${missing.Id}/credit` })).statusCode).toBe(403);
    expect((await dayOf(TECHFAR)).Lines).toHaveLength(2);
    expect((await dayOf()).Lines.find((l) => l.Id === missing.Id)!.Status).toBe('abierta');
  });

  it('refuses bad input with a Spanish message and writes nothing', async () => {
    const before = await logCount('%Conciliación%');
    const bad = await run(SUPER, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Fecha no válida');
    const future = await run(SUPER, '2999-01-01');
    expect(future.statusCode).toBe(422);
    expect(future.json().status.message).toBe('La fecha no puede ser posterior a hoy');
    expect((await w.t.call(SUPER, { method: 'GET', url: `${base}/day?Day=ayer` })).statusCode).toBe(400);
    const line = (await dayOf()).Lines.find((l) => l.Kind === 'monto')!;
    const empty = await w.t.call(TECHFAR, { method: 'POST', url: `${base}/line/${line.Id}/review`, payload: { Comment: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Este campo es requerido');
    const unknown = await w.t.call(TECHFAR, { method: 'POST', url: `${base}/line/6b0d8a3c-1f55-4b7e-9f3e-1d2c3b4a5f60/review`, payload: { Comment: 'x' } });
    expect(unknown.statusCode).toBe(404);
    // The mismatched order is not an incoming transfer: it cannot be credited.
    const notCredit = await moneyCall(w.t, SUPER, { method: 'POST', url: `${base}/line/${line.Id}/credit` });
    expect(notCredit.statusCode).toBe(422);
    expect(notCredit.json().status.message).toBe('Solo se puede abonar un SPEI recibido que falta en el libro');
    expect((await dayOf()).Lines.every((l) => l.Status === 'abierta')).toBe(true);
    expect(await logCount('%Conciliación%')).toBe(before);
  });

  it('credits the missing incoming transfer once, through the incoming SPEI path, audited', async () => {
    const missing = (await dayOf()).Lines.find((l) => l.Kind === 'falta_en_libro')!;
    const before = await balance(w.t, BUSINESS);
    const k = key();
    const res = await moneyCall(w.t, SUPER, { method: 'POST', url: `${base}/line/${missing.Id}/credit`, key: k });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      Duplicate: false,
      Line: { Status: 'abonada', StatusName: 'Abonada', CanCredit: false, ResolvedBy: expect.any(String) },
    });
    const [m] = await w.t.sql<{ v_type: string; n_amount_cents: string; v_tracking_key: string; d_operation_date: string }>(
      `SELECT v_type, n_amount_cents::text, v_tracking_key, d_operation_date::text FROM business_movements WHERE v_uid = $1`,
      [res.json().data.Line.MovementId],
    );
    expect(m).toEqual({ v_type: 'SPEI_IN', n_amount_cents: '32145', v_tracking_key: 'BBVAPERDIDA01', d_operation_date: today });
    const after = await balance(w.t, BUSINESS);
    expect(after).not.toEqual(before);
    // The same key replays; another try is refused: the line was resolved.
    const replay = await moneyCall(w.t, SUPER, { method: 'POST', url: `${base}/line/${missing.Id}/credit`, key: k });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await moneyCall(w.t, SUPER, { method: 'POST', url: `${base}/line/${missing.Id}/credit` });
    expect(again.statusCode).toBe(422);
    expect(again.json().status.message).toBe('La línea ya fue atendida');
    expect((await w.t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM business_movements WHERE v_tracking_key = 'BBVAPERDIDA01'`))[0]!.n).toBe(1);
    expect(await logCount('SPEI faltante BBVAPERDIDA01%abonado desde la conciliación')).toBe(1);
    // A new run finds the ledger complete for that order; the credited line stays as history.
    const day = (await run(SUPER, today)).json().data;
    expect(day.Lines.find((l: { Id: string }) => l.Id === missing.Id)).toMatchObject({ Status: 'abonada' });
    expect(day.Run.ReceivedLedger).toBe(1);
  });

  it('an operator marks the mismatch reviewed with a comment, audited; a rerun keeps it', async () => {
    const line = (await dayOf()).Lines.find((l) => l.Kind === 'monto')!;
    const comment = 'STP corrigió el monto por teléfono; folio 5521';
    const res = await w.t.call(TECHFAR, { method: 'POST', url: `${base}/line/${line.Id}/review`, payload: { Comment: comment } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Status: 'revisada', Comment: comment, ResolvedBy: expect.any(String), ResolvedAt: expect.any(String) });
    const [log] = await w.t.sql<{ v_section: string; v_action: string; v_activity: string }>(
      `SELECT v_section, v_action, v_activity FROM log_user WHERE v_activity LIKE '%marcada como revisada%'`,
    );
    expect(log).toMatchObject({ v_section: 'Conciliación SPEI', v_action: 'Editar' });
    expect(log!.v_activity).toContain(comment);
    expect((await w.t.call(TECHFAR, { method: 'POST', url: `${base}/line/${line.Id}/review`, payload: { Comment: 'otra vez' } })).statusCode).toBe(422);
    await run(SUPER, today);
    expect((await dayOf(SUPER, `Day=${today}&Status=revisada`)).Lines).toEqual([expect.objectContaining({ Id: line.Id, Comment: comment })]);
    expect((await dayOf(SUPER, `Day=${today}&Status=abierta`)).Lines).toEqual([]);
  });
});

describe('the daily job', () => {
  it("reconciles a closed day by itself, queues the next, and retries while STP's queries fail", async () => {
    const day = '2026-01-15';
    w.fake.dayQueryDown = true;
    await enqueueJob(w.t.database.db, { kind: 'spei.reconcile', payload: { day }, runAt: new Date(), uniqueKey: 'test:reconcile' });
    // The jobs' clock at least an hour past today's Mexico City midnight, when yesterday's run is due,
    // whatever the hour the suite runs at (between 00:00 and 01:00 it would not be due yet).
    const offset = Math.max(0, mexicoMidnight(today).getTime() + 61 * 60_000 - Date.now());
    await w.step(offset);
    let [r] = await w.t.sql<{ v_status: string; v_error: string; v_uid_user: string | null }>(
      `SELECT v_status, v_error, v_uid_user FROM spei_reconciliations WHERE d_operation_date = $1`,
      [day],
    );
    expect(r).toMatchObject({ v_status: 'fallida', v_uid_user: null });
    expect(r!.v_error).toContain('503');
    const queued = await w.t.sql<{ v_unique_key: string }>(
      `SELECT v_unique_key FROM jobs WHERE v_kind = 'spei.reconcile' AND v_status = 'pending' ORDER BY v_unique_key`,
    );
    // The retries (that day's, and the last closed day's the chain jumped to, not every day since) and today's.
    expect(queued.map((j) => j.v_unique_key)).toEqual(['spei.reconcile:2026-01-15:2', `spei.reconcile:${addDays(today, -1)}:2`, `spei.reconcile:${today}`]);
    w.fake.dayQueryDown = false;
    await w.step(offset + 31 * 60_000);
    [r] = await w.t.sql(`SELECT v_status, v_error, v_uid_user FROM spei_reconciliations WHERE d_operation_date = $1`, [day]);
    expect(r).toMatchObject({ v_status: 'completa', v_error: null, v_uid_user: null });
  });

  it('a failed run on demand says so and keeps the lines', async () => {
    w.fake.dayQueryDown = true;
    const res = await run(SUPER, today);
    w.fake.dayQueryDown = false;
    expect(res.statusCode).toBe(200);
    expect(res.json().status.message).toContain('No se pudo consultar el riel');
    expect(res.json().data.Run).toMatchObject({ Status: 'fallida', StatusName: 'Fallida' });
    expect(res.json().data.Lines.length).toBeGreaterThan(0);
  });
});
