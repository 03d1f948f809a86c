/**
 * Disputes of card purchases (issue 28 §3): reasons with deadlines, the five statuses, evidence
 * with the §5 file rules, the provisional credit as ledger money (reversed when lost or
 * withdrawn, settled by the chargeback when won), the staff queue with filters and CSV, notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { demoBusiness, key } from '../money/money';
import { activeCards, fund, generateStock, post, upload } from './cards';

let t: TestApp;
let card: string;
const D = '/api/v1/cards/disputes';
beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 3);
  card = (await activeCards(t, ['DIS1']))[0]!;
  await fund(t, [[card, '1000.00']]);
});
afterAll(() => t.close());

const money = { 'idempotency-key': '' };
const withKey = () => ({ ...money, 'idempotency-key': key() });
async function purchase(amount: string, merchant = 'Tienda Uno') {
  const a = await post(t, BUSINESS, '/api/v1/cards/sandbox/authorize', { CardIdentifier: card, MerchantName: merchant, Mcc: 5411, Amount: amount }, withKey());
  expect(a.json().data.Approved, a.body).toBe(true);
  const id = a.json().data.AuthorizationId as string;
  expect((await post(t, BUSINESS, '/api/v1/cards/sandbox/capture', { AuthorizationId: id }, withKey())).statusCode).toBe(200);
  return id;
}
async function open(authId: string, reason = 'duplicate', as = BUSINESS, extra: Record<string, unknown> = {}) {
  const res = await post(t, as, `${D}/create`, { AuthorizationId: authId, Reason: reason, Description: 'El cargo aparece dos veces en el estado', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Id: string; Folio: string; Status: string; DeadlineAt: string; CreatedAt: string; Amount: string };
}
const move = (id: string, Status: string, as = SUPER) => post(t, as, `${D}/status`, { DisputeId: id, Status }, withKey());
const credit = (id: string, extra: Record<string, unknown> = {}, as = SUPER) => post(t, as, `${D}/credit`, { DisputeId: id, ...extra }, withKey());
const cardCents = async () =>
  BigInt(
    (
      await t.sql<{ b: string }>(
        `SELECT n_balance_cents::text AS b FROM ledger_accounts WHERE v_uid = (SELECT v_uid_account FROM cards WHERE v_card_identifier = $1)`,
        [card],
      )
    )[0]!.b,
  );
const bookCents = async (book: string) =>
  BigInt((await t.sql<{ b: string }>(`SELECT coalesce(sum(n_balance_cents), 0)::text AS b FROM ledger_accounts WHERE v_owner = $1`, [book]))[0]!.b);

describe('opening a dispute', () => {
  it('the business disputes a captured purchase: Abierta, folio, the reason’s deadline, staff are told', async () => {
    const authId = await purchase('100.00');
    const staffNotices = await count(t, 'notifications', `v_kind = 'card.dispute'`);
    const d = await open(authId, 'duplicate');
    expect(d).toMatchObject({ Status: 'open', Amount: '100.00' });
    expect(d.Folio).toMatch(/^DSP-\d{4}-\d{6}$/);
    expect(new Date(d.DeadlineAt).getTime() - new Date(d.CreatedAt).getTime()).toBe(30 * 86_400_000);
    expect(await count(t, 'notifications', `v_kind = 'card.dispute'`)).toBeGreaterThan(staffNotices);
    const got = await post(t, BUSINESS, `${D}/get`, { DisputeId: d.Id });
    expect(got.json().data.Events[0]).toMatchObject({ Kind: 'opened', Staff: false });
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const authId = await purchase('20.00');
    const before = await count(t, 'card_disputes');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ AuthorizationId: authId, Reason: 'capricho', Description: 'Una descripción larga' }, 400, 'Motivo no válido'],
      [{ AuthorizationId: authId, Reason: 'duplicate', Description: 'corta' }, 400, 'Debe contener mínimo 10 caracteres'],
      [{ AuthorizationId: 'x', Reason: 'duplicate', Description: 'Una descripción larga' }, 400, 'Identificador no válido'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(t, BUSINESS, `${D}/create`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    // A purchase only held (not captured) cannot be disputed.
    const held = await post(
      t,
      BUSINESS,
      '/api/v1/cards/sandbox/authorize',
      { CardIdentifier: card, MerchantName: 'Tienda', Mcc: 5411, Amount: '5.00' },
      withKey(),
    );
    const notCaptured = await post(t, BUSINESS, `${D}/create`, {
      AuthorizationId: held.json().data.AuthorizationId,
      Reason: 'duplicate',
      Description: 'Una descripción larga',
    });
    expect(notCaptured.statusCode).toBe(422);
    expect(notCaptured.json().message).toBe('Solo se puede disputar una compra aplicada (capturada)');
    expect(await count(t, 'card_disputes')).toBe(before);
    const first = await open(authId);
    const twice = await post(t, BUSINESS, `${D}/create`, { AuthorizationId: authId, Reason: 'unrecognised', Description: 'Una descripción larga' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(`La compra ya tiene la disputa ${first.Folio}`);
  });

  it('wrong tenant and wrong role: 404 and 403, nothing written', async () => {
    const authId = await purchase('15.00');
    const before = await count(t, 'card_disputes');
    const other = await post(t, BUSINESS_2, `${D}/create`, { AuthorizationId: authId, Reason: 'duplicate', Description: 'Una descripción larga' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Compra no encontrada');
    expect((await post(t, WALLET, `${D}/create`, { AuthorizationId: authId, Reason: 'duplicate', Description: 'Una descripción larga' })).statusCode).toBe(403);
    expect(await count(t, 'card_disputes')).toBe(before);
    const d = await open(authId);
    expect((await post(t, BUSINESS_2, `${D}/get`, { DisputeId: d.Id })).statusCode).toBe(404);
    const list2 = await post(t, BUSINESS_2, `${D}/list`, {});
    expect(list2.json().data.Records.find((r: { Id: string }) => r.Id === d.Id)).toBeUndefined();
    // The business neither credits nor moves its dispute forward; staff do.
    expect((await credit(d.Id, {}, BUSINESS)).statusCode).toBe(403);
    const review = await move(d.Id, 'review', BUSINESS);
    expect(review.statusCode).toBe(403);
    expect(review.json().message).toBe('Solo el personal cambia el estatus de una disputa');
    // Staff open one for a business they name.
    const staffAuth = await purchase('12.00');
    const b1 = await demoBusiness(t, BUSINESS);
    const byStaff = await open(staffAuth, 'not-received', SUPER, { BusinessId: b1.id });
    expect(byStaff.Status).toBe('open');
  });
});

describe('evidence', () => {
  it('both sides add files under the §5 rules; a closed dispute takes no more', async () => {
    const d = await open(await purchase('30.00'));
    const pdf = Buffer.from('%PDF-1.4\n%evidencia\n');
    const ok = await upload(t, BUSINESS, `${D}/evidence`, { name: 'ticket.pdf', content: pdf }, { DisputeId: d.Id, Comment: 'Ticket de la tienda' });
    expect(ok.statusCode, ok.body).toBe(200);
    const ev = ok.json().data.Events.at(-1);
    expect(ev).toMatchObject({ Kind: 'evidence', FileName: 'ticket.pdf', Comment: 'Ticket de la tienda' });
    const file = await t.call(BUSINESS, { method: 'GET', url: `${D}/attachment/${ev.FileId}` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('%PDF-');
    expect((await t.call(BUSINESS_2, { method: 'GET', url: `${D}/attachment/${ev.FileId}` })).statusCode).toBe(404);
    const before = await count(t, 'card_dispute_events');
    const txt = await upload(t, BUSINESS, `${D}/evidence`, { name: 'nota.txt', content: 'hola' }, { DisputeId: d.Id });
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe('Archivo no válido, solo se aceptan archivos .pdf, .jpg, .jpeg, .png');
    const fake = await upload(t, BUSINESS, `${D}/evidence`, { name: 'foto.png', content: 'no soy png' }, { DisputeId: d.Id });
    expect(fake.statusCode).toBe(400);
    expect(await count(t, 'card_dispute_events')).toBe(before);
    expect((await move(d.Id, 'withdrawn', BUSINESS)).statusCode).toBe(200);
    const closed = await upload(t, SUPER, `${D}/evidence`, { name: 'b.pdf', content: pdf }, { DisputeId: d.Id });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('La disputa ya está cerrada');
  });
});

describe('money', () => {
  it('a provisional credit moves ledger money to the card once; losing takes it back', async () => {
    const d = await open(await purchase('100.00'));
    const card0 = await cardCents();
    const book0 = await bookCents('card-disputes');
    const res = await credit(d.Id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ProvisionalCredit).toBe('100.00');
    expect(await cardCents()).toBe(card0 + 10_000n);
    expect(await bookCents('card-disputes')).toBe(book0 - 10_000n);
    const again = await credit(d.Id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('La disputa ya tiene abono provisional');
    const movements = await t.sql<{ v_kind: string }>(`SELECT v_kind FROM card_movements WHERE v_description LIKE $1`, [`Disputa ${d.Folio}%`]);
    expect(movements.map((m) => m.v_kind)).toEqual(['dispute-credit']);
    expect((await move(d.Id, 'review')).statusCode).toBe(200);
    const lost = await move(d.Id, 'lost');
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json().data).toMatchObject({ Status: 'lost', StatusName: 'Perdida' });
    expect(await cardCents()).toBe(card0);
    expect(await bookCents('card-disputes')).toBe(book0);
    const final = await move(d.Id, 'won');
    expect(final.statusCode).toBe(422);
    expect(final.json().message).toBe('Una disputa «Perdida» no puede pasar a «Ganada»');
  });

  it('winning keeps the credit and books the chargeback from the network; without a credit the card gets the amount', async () => {
    const d = await open(await purchase('40.00'), 'amount-differs');
    const card0 = await cardCents();
    const book0 = await bookCents('card-disputes');
    const net0 = await bookCents('settlement-in-transit');
    expect((await credit(d.Id, { Amount: '25.00' })).statusCode).toBe(200);
    const won = await move(d.Id, 'won');
    expect(won.statusCode, won.body).toBe(200);
    expect(await cardCents()).toBe(card0 + 4_000n);
    expect(await bookCents('card-disputes')).toBe(book0);
    expect(await bookCents('settlement-in-transit')).toBe(net0 - 4_000n);
    expect(won.json().data.Events.map((e: { Kind: string }) => e.Kind)).toEqual(['opened', 'credit', 'chargeback', 'status']);
    const tooMuch = await credit((await open(await purchase('10.00'))).Id, { Amount: '10.01' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('El abono no puede ser mayor que el monto disputado (10.00)');
  });

  it('losing when the card already spent the credit is refused and changes nothing', async () => {
    const d = await open(await purchase('50.00'));
    expect((await credit(d.Id)).statusCode).toBe(200);
    // Spend everything available on the card (its balance less what purchases still hold).
    const [{ a }] = (await t.sql<{ a: string }>(
      `SELECT (n_balance_cents - n_held_cents)::text AS a FROM ledger_accounts WHERE v_uid = (SELECT v_uid_account FROM cards WHERE v_card_identifier = $1)`,
      [card],
    )) as [{ a: string }];
    await purchase((Number(a) / 100).toFixed(2), 'Gasto total');
    const lost = await move(d.Id, 'lost');
    expect(lost.statusCode).toBe(422);
    expect(lost.json().message).toBe('El saldo disponible de la tarjeta no alcanza para revertir el abono provisional');
    const got = await post(t, SUPER, `${D}/get`, { DisputeId: d.Id });
    expect(got.json().data.Status).toBe('open');
    await fund(t, [[card, '1000.00']]);
    expect((await move(d.Id, 'lost')).statusCode).toBe(200);
  });
});

describe('the staff queue', () => {
  it('filters by status, reason and overdue (SLA), and exports CSV', async () => {
    const d = await open(await purchase('11.00'), 'cancelled-recurring');
    await t.sql(`UPDATE card_disputes SET d_deadline_at = now() - interval '1 day' WHERE v_uid = $1`, [d.Id]);
    const overdue = await post(t, SUPER, `${D}/list`, { Overdue: true, Size: 100 });
    expect(overdue.statusCode).toBe(200);
    const row = overdue.json().data.Records.find((r: { Id: string }) => r.Id === d.Id);
    expect(row).toMatchObject({ Overdue: true, ReasonName: 'Cargo recurrente cancelado', StatusName: 'Abierta' });
    expect(overdue.json().data.Records.every((r: { Overdue: boolean }) => r.Overdue)).toBe(true);
    const lost = await post(t, SUPER, `${D}/list`, { Status: 'lost', Size: 100 });
    expect(lost.json().data.Records.every((r: { Status: string }) => r.Status === 'lost')).toBe(true);
    const byReason = await post(t, SUPER, `${D}/list`, { Reason: 'cancelled-recurring', Size: 100 });
    expect(byReason.json().data.Records.map((r: { Id: string }) => r.Id)).toContain(d.Id);
    const csv = await post(t, SUPER, `${D}/csv`, { Overdue: true });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Folio');
    expect(csv.body).toContain(d.Folio);
    expect(csv.body).toContain('Cargo recurrente cancelado');
    const bad = await post(t, SUPER, `${D}/list`, { Status: 'perdida' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Estatus no válido');
  });

  it('the business hears of every staff move', async () => {
    const d = await open(await purchase('9.00'));
    const before = await count(t, 'notifications', `v_kind = 'card.dispute' AND v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [BUSINESS]);
    expect((await move(d.Id, 'review')).statusCode).toBe(200);
    expect(await count(t, 'notifications', `v_kind = 'card.dispute' AND v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [BUSINESS])).toBe(
      before + 1,
    );
    // Its kind reads in Spanish in the bell's list (it used to show the raw «card.dispute»).
    const notices = await t.call(BUSINESS, { method: 'POST', url: '/api/notification/query/get-all', payload: {} });
    expect(notices.json().data.items[0]).toMatchObject({ v_kind: 'card.dispute', v_kind_label: 'Disputa de tarjeta' });
  });
});
