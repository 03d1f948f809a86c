/**
 * Virtual cards (issue 28 §1, docs/decisions/0035-modern-cards.md): issued at once from the virtual
 * BIN, active, with optional controls and card limits; single use; merchant locks; counted as
 * «Virtual»; through the browser's session and through an API key with the `tarjetas` scope.
 */
import { isLuhnValid } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, WALLET, addUser, count, createTestApp, lastCode, type TestApp } from '../helpers';
import { demoBusiness, key } from '../money/money';
import { fund, post, upload } from './cards';

let t: TestApp;
const ISSUE = '/api/v1/cards/action/issue-virtual';
beforeAll(async () => {
  t = await createTestApp();
  const csv = `CardholderIdentifier,Names,LastName,Email,CellPhone\n${['VIR1', 'VIR2'].map((h) => `${h},Ana,Pérez,${h.toLowerCase()}@ejemplo.mx,5512345678`).join('\n')}\n`;
  const created = await upload(t, BUSINESS, '/api/v1/cardholders/action/upload-csv', { name: 'th.csv', content: csv });
  expect(created.statusCode, created.body).toBe(200);
});
afterAll(() => t.close());

async function issue(body: Record<string, unknown>, as = BUSINESS) {
  const res = await post(t, as, ISSUE, { CardholderIdentifier: 'VIR1', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { CardIdentifier: string; Status: number; Payload: Record<string, unknown> };
}
const authorize = (cardId: string, amount: string, extra: Record<string, unknown> = {}) =>
  post(
    t,
    BUSINESS,
    '/api/v1/cards/sandbox/authorize',
    { CardIdentifier: cardId, MerchantName: 'Tienda', Mcc: 5411, Amount: amount, ...extra },
    { 'idempotency-key': key() },
  );
const capture = (id: string) => post(t, BUSINESS, '/api/v1/cards/sandbox/capture', { AuthorizationId: id }, { 'idempotency-key': key() });
const reason = (res: { json: () => { data: { Approved: boolean; DeclineReason: string | null } } }) => {
  const d = res.json().data;
  return d.Approved ? 'aprobada' : d.DeclineReason;
};

describe('issuing a virtual card', () => {
  it('issues an active card at once from the virtual BIN: Luhn-valid, encrypted at rest, with its account, counted as virtual', async () => {
    const before = await post(t, BUSINESS, '/api/v1/cards/action/get-amount-cards-by-status', {});
    const card = await issue({});
    expect(card.Status).toBe(3);
    expect(card.Payload).toMatchObject({ IsVirtual: true, SingleUse: false, MerchantLock: null, CardType: 'prepago' });
    expect(String(card.Payload.MaskedPan)).toMatch(/^537801\*{6}\d{4}$/);
    const [row] = await t.sql<{ t_pan_enc: string; v_uid_account: string | null; v_reference_batch: string }>(
      `SELECT t_pan_enc, v_uid_account, v_reference_batch FROM cards WHERE v_card_identifier = $1`,
      [card.CardIdentifier],
    );
    expect(row!.t_pan_enc).not.toMatch(/\d{16}/);
    expect(row!.v_uid_account).not.toBeNull();
    expect(row!.v_reference_batch).toBe('VIRTUAL');
    // The number decrypts to a Luhn-valid PAN of the virtual range (through the audited reveal).
    await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
      BUSINESS,
    ]);
    expect((await post(t, BUSINESS, '/api/v1/security/code', { Operation: 'card-reveal' })).statusCode).toBe(200);
    const revealed = await post(t, BUSINESS, '/api/v1/cards/query/getcardforcustomer', {
      CardIdentifier: card.CardIdentifier,
      SecurityCode: await lastCode(t, BUSINESS),
      Reason: 'Prueba de emisión',
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    const pan = revealed.json().data.CardInfo.card_number as string;
    expect(pan.startsWith('537801')).toBe(true);
    expect(isLuhnValid(pan)).toBe(true);
    const after = await post(t, BUSINESS, '/api/v1/cards/action/get-amount-cards-by-status', {});
    const active = (r: typeof after) => (r.json().data as { Status: number; Total: number; Virtual: number }[]).find((s) => s.Status === 3)!;
    expect(active(after).Total).toBe(active(before).Total + 1);
    expect(active(after).Virtual).toBe(active(before).Virtual + 1);
  });

  it('issues distinct numbers, and the card report marks them «Virtual»', async () => {
    const a = await issue({});
    const b = await issue({ CardholderIdentifier: 'VIR2' });
    const hashes = await t.sql<{ v_pan_hash: string }>(`SELECT v_pan_hash FROM cards WHERE v_card_identifier IN ($1, $2)`, [
      a.CardIdentifier,
      b.CardIdentifier,
    ]);
    expect(new Set(hashes.map((h) => h.v_pan_hash)).size).toBe(2);
    const { cardReportBatches, cardReportCounts } = await import('../../src/modules/cards');
    const b1 = await demoBusiness(t, BUSINESS);
    const rows = [];
    for await (const batch of cardReportBatches(t.database.db, { businessId: b1.id })) rows.push(...batch);
    expect(rows.find((r) => r.cardIdentifier === a.CardIdentifier)?.kind).toBe('Virtual');
    const counts = await cardReportCounts(t.database.db, { businessId: b1.id });
    expect(counts.find((c) => c.status === 'Activa')!.virtual).toBeGreaterThanOrEqual(3);
  });

  it('keeps the controls and limits given at issue, and the purchase obeys them', async () => {
    const card = await issue({
      Controls: { BlockedMccGroups: ['fuel'], Online: false },
      Limits: { PerTransaction: '50.00', Daily: '80.00' },
    });
    expect(card.Payload).toMatchObject({ Limits: { PerTransaction: '50.00', Daily: '80.00', Monthly: null } });
    expect((card.Payload.Controls as { Online: boolean }).Online).toBe(false);
    await fund(t, [[card.CardIdentifier, '500.00']]);
    expect(reason(await authorize(card.CardIdentifier, '10.00', { Mcc: 5541 }))).toBe('Categoría de comercio bloqueada: Gasolineras');
    expect(reason(await authorize(card.CardIdentifier, '10.00', { Channel: 'online' }))).toBe('Canal no permitido: en línea');
    expect(reason(await authorize(card.CardIdentifier, '60.00'))).toBe('Límite por compra de la tarjeta excedido');
    expect(reason(await authorize(card.CardIdentifier, '45.00'))).toBe('aprobada');
    expect(reason(await authorize(card.CardIdentifier, '40.00'))).toBe('Límite diario de la tarjeta excedido');
    expect(reason(await authorize(card.CardIdentifier, '35.00'))).toBe('aprobada');
  });
});

describe('single use and merchant locks', () => {
  it('a single-use card declines a second purchase while the first is held, and closes when it is captured', async () => {
    const card = await issue({ SingleUse: true });
    await fund(t, [[card.CardIdentifier, '300.00']]);
    const first = await authorize(card.CardIdentifier, '20.00');
    expect(reason(first)).toBe('aprobada');
    expect(reason(await authorize(card.CardIdentifier, '5.00'))).toBe('Tarjeta de un solo uso ya utilizada');
    expect((await capture(first.json().data.AuthorizationId)).statusCode).toBe(200);
    const got = await post(t, BUSINESS, '/api/v1/cards/query/getbyidentifier', { CardIdentifier: card.CardIdentifier });
    expect(got.json().data).toMatchObject({ Status: 4, IsTurnedOff: true });
    expect(reason(await authorize(card.CardIdentifier, '5.00'))).toBe('Tarjeta cancelada');
  });

  it('concurrent purchases on a single-use card: exactly one is approved', async () => {
    const card = await issue({ SingleUse: true });
    await fund(t, [[card.CardIdentifier, '100.00']]);
    const results = await Promise.all(Array.from({ length: 6 }, () => authorize(card.CardIdentifier, '10.00')));
    expect(results.map(reason).filter((r) => r === 'aprobada')).toHaveLength(1);
    expect(results.map(reason).filter((r) => r === 'Tarjeta de un solo uso ya utilizada')).toHaveLength(5);
  });

  it('a reversed purchase leaves a single-use card usable', async () => {
    const card = await issue({ SingleUse: true });
    await fund(t, [[card.CardIdentifier, '100.00']]);
    const first = await authorize(card.CardIdentifier, '20.00');
    const rev = await post(t, BUSINESS, '/api/v1/cards/sandbox/reverse', { AuthorizationId: first.json().data.AuthorizationId }, { 'idempotency-key': key() });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(reason(await authorize(card.CardIdentifier, '20.00'))).toBe('aprobada');
  });

  it('locks to the first merchant it is approved with; a declined purchase does not lock it', async () => {
    const card = await issue({ MerchantLock: 'first' });
    expect(card.Payload).toMatchObject({ LockToFirstMerchant: true, MerchantLock: null });
    await fund(t, [[card.CardIdentifier, '100.00']]);
    expect(reason(await authorize(card.CardIdentifier, '500.00', { MerchantName: 'Cara' }))).toBe('Saldo insuficiente');
    expect(reason(await authorize(card.CardIdentifier, '10.00', { MerchantName: 'Café Uno' }))).toBe('aprobada');
    expect(reason(await authorize(card.CardIdentifier, '10.00', { MerchantName: 'Otra tienda' }))).toBe('Comercio no permitido para esta tarjeta');
    expect(reason(await authorize(card.CardIdentifier, '10.00', { MerchantName: 'Café Uno' }))).toBe('aprobada');
    const got = await post(t, BUSINESS, '/api/v1/cards/query/getbyidentifier', { CardIdentifier: card.CardIdentifier });
    expect(got.json().data.Payload.MerchantLock).toBe('Café Uno');
  });

  it('locks to a merchant id given at issue (the network’s acceptor id, else the name)', async () => {
    const card = await issue({ MerchantLock: 'given', MerchantId: 'MX-000123' });
    await fund(t, [[card.CardIdentifier, '100.00']]);
    expect(reason(await authorize(card.CardIdentifier, '10.00', { MerchantName: 'Tienda' }))).toBe('Comercio no permitido para esta tarjeta');
    expect(reason(await authorize(card.CardIdentifier, '10.00', { MerchantName: 'Tienda', MerchantId: 'MX-000123' }))).toBe('aprobada');
  });
});

describe('refusals', () => {
  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = await count(t, 'cards');
    const cases: [Record<string, unknown>, string][] = [
      [{ MerchantLock: 'given' }, 'Indica el comercio'],
      [{ MerchantId: 'X1' }, 'El comercio solo se indica con el bloqueo «Comercio indicado»'],
      [{ MerchantLock: 'todos' }, 'Bloqueo de comercio no válido'],
      [{ Limits: { PerTransaction: '90.00', Daily: '50.00' } }, 'El límite por compra no puede ser mayor que el diario'],
      [{ Controls: { BlockedMccGroups: ['casinos'] } }, 'Categoría no válida'],
      [{ CardholderIdentifier: '' }, 'Este campo es requerido'],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, BUSINESS, ISSUE, { CardholderIdentifier: 'VIR1', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const overlap = await post(t, BUSINESS, ISSUE, { CardholderIdentifier: 'VIR1', Controls: { AllowedMccGroups: ['fuel'], BlockedMccGroups: ['fuel'] } });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().message).toBe('Una categoría no puede estar permitida y bloqueada a la vez');
    const unknown = await post(t, BUSINESS, ISSUE, { CardholderIdentifier: 'NADIE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Tarjetahabiente no encontrado');
    expect(await count(t, 'cards')).toBe(before);
  });

  it('refuses a locked cardholder', async () => {
    const lock = await post(t, BUSINESS, '/api/v1/cardholders/action/lock', { CardholderIdentifier: 'VIR2', Lock: true });
    expect(lock.statusCode, lock.body).toBe(200);
    const res = await post(t, BUSINESS, ISSUE, { CardholderIdentifier: 'VIR2' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('El tarjetahabiente está bloqueado');
    await post(t, BUSINESS, '/api/v1/cardholders/action/lock', { CardholderIdentifier: 'VIR2', Lock: false });
  });

  it('wrong role and wrong tenant: 403 and 404, nothing written', async () => {
    const before = await count(t, 'cards');
    expect((await post(t, WALLET, ISSUE, { CardholderIdentifier: 'VIR1' })).statusCode).toBe(403);
    // Another business cannot issue to this one's cardholder, nor name this business.
    const other = await post(t, BUSINESS_2, ISSUE, { CardholderIdentifier: 'VIR1' });
    expect(other.statusCode).toBe(404);
    const b1 = await demoBusiness(t, BUSINESS);
    expect((await post(t, BUSINESS_2, ISSUE, { CardholderIdentifier: 'VIR1', BusinessId: b1.id })).statusCode).toBe(404);
    expect(await count(t, 'cards')).toBe(before);
    // Staff issue for the business they name.
    const staff = await post(t, SUPER, ISSUE, { CardholderIdentifier: 'VIR1', BusinessId: b1.id });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data.BusinessId).toBe(b1.id);
  });

  it('an API key issues with the tarjetas scope, and is refused without it', async () => {
    const admin = 'admin-virtual@demo.mx';
    await addUser(t, admin, BUSINESS);
    const keyWith = async (Scopes: string[]) => {
      await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
        admin,
      ]);
      expect((await post(t, admin, '/api/v1/security/code', { Operation: 'api-key' })).statusCode).toBe(200);
      const res = await post(t, admin, '/api/v1/api-keys', { Name: `Emisor ${Scopes.join()}`, Scopes, Code: await lastCode(t, admin) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.Key as string;
    };
    const call = (k: string) =>
      t.app.inject({ method: 'POST', url: ISSUE, headers: { authorization: `Bearer ${k}` }, payload: { CardholderIdentifier: 'VIR1', SingleUse: true } });
    const ok = await call(await keyWith(['tarjetas']));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.Payload).toMatchObject({ IsVirtual: true, SingleUse: true });
    const before = await count(t, 'cards');
    const refused = await call(await keyWith(['lectura']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('La clave de API no tiene permiso para esta operación');
    expect(await count(t, 'cards')).toBe(before);
  });
});
