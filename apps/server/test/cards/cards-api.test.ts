import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, BUSINESS_2, SUPER, WALLET, count, createTestApp, type TestApp } from '../helpers';
import { key } from '../money/money';
import { activeCards, fund, fundingCode, generateStock, post, revealCode, upload } from './cards';

let t: TestApp;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp();
  await generateStock(t, 30);
  ids = await activeCards(t, ['THA1', 'THA2', 'THA3']);
});
afterAll(() => t.close());

const authorize = (cardId: string, amount: string, extra: Record<string, unknown> = {}, as = BUSINESS) =>
  post(
    t,
    as,
    '/api/v1/cards/sandbox/authorize',
    { CardIdentifier: cardId, MerchantName: 'Tienda', Mcc: 5411, Amount: amount, ...extra },
    { 'idempotency-key': key() },
  );

describe('stock batches', () => {
  it('generates Luhn-valid cards from the BIN, encrypted at rest, and lists the batch as completed', async () => {
    const list = await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/list', { Size: 5 });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.Records[0]).toMatchObject({ TotalRecords: 30, CreatedRecords: 30, FailedRecords: 0, Status: 'COMPLETED' });
    const [row] = await t.sql<{ t_pan_enc: string; v_pan_first6: string }>(`SELECT t_pan_enc, v_pan_first6 FROM cards LIMIT 1`);
    expect(row!.v_pan_first6).toBe('537800');
    expect(row!.t_pan_enc).not.toMatch(/^\d{16}$/);
  });

  it('refuses a bad header and a non-CSV file, and fails duplicate or invalid rows one by one', async () => {
    const before = await count(t, 'card_batches');
    const bad = await upload(t, SUPER, '/api/v1/cards/action/upload-csv', { name: 's.csv', content: 'Numero,Cvv\n1,2\n' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Falta la columna «Número de tarjeta»; Falta la columna «Vigencia (MM/AA)»');
    const ext = await upload(t, SUPER, '/api/v1/cards/action/upload-csv', { name: 's.txt', content: 'Pan,Cvv,ValidDate\n' });
    expect(ext.statusCode).toBe(400);
    expect(await count(t, 'card_batches')).toBe(before);
    const csv = 'Pan,Cvv,ValidDate\n4111111111111111,123,12/35\n4111111111111111,123,12/35\n4111111111111112,123,12/35\n=cmd,1,2\n';
    const ok = await upload(t, SUPER, '/api/v1/cards/action/upload-csv', { name: 's.csv', content: csv });
    expect(ok.statusCode, ok.body).toBe(200);
    const ref = ok.json().data.ReferenceBatch;
    const { runDueJobs } = await import('../../src/modules/jobs');
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    const got = (await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', { ReferenceBatch: ref })).json().data;
    expect(got).toMatchObject({ TotalRecords: 4, CreatedRecords: 1, FailedRecords: 3, Status: 'COMPLETED_WITH_ERRORS' });
    expect(got.Errors.map((e: { Row: number }) => e.Row)).toEqual([3, 4, 5]);
    const failed = await t.call(SUPER, { method: 'GET', url: `/api/v1/cards/cardbatchcreations/failed-rows?ReferenceBatch=${ref}` });
    expect(failed.body).toContain('PAN duplicado en el archivo (fila 2)');
    // The same PAN again, in a new batch: refused against stock.
    const again = await upload(t, SUPER, '/api/v1/cards/action/upload-csv', { name: 's.csv', content: 'Pan,Cvv,ValidDate\n4111111111111111,123,12/35\n' });
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    const second = (
      await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', { ReferenceBatch: again.json().data.ReferenceBatch })
    ).json().data;
    expect(second).toMatchObject({ CreatedRecords: 0, FailedRecords: 1, Status: 'FAILED' });
    expect(second.Errors[0].Message).toBe('El PAN ya existe en el stock');
  });

  it('pages batches with an opaque PaginationToken, each once', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = (await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/list', { Size: 1, PaginationToken: token })).json().data;
      seen.push(...page.Records.map((b: { ReferenceBatch: string }) => b.ReferenceBatch));
      token = page.PaginationToken ?? undefined;
    } while (token);
    expect(seen.length).toBe(await count(t, 'card_batches'));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/list', { PaginationToken: 'basura' })).statusCode).toBe(400);
  });

  it('is staff only', async () => {
    expect((await post(t, BUSINESS, '/api/v1/cards/action/generate', { Count: 1 })).statusCode).toBe(403);
    expect((await post(t, BUSINESS, '/api/v1/cards/cardbatchcreations/query/list', {})).statusCode).toBe(403);
    expect((await post(t, null, '/api/v1/cards/cardbatchcreations/query/list', {})).statusCode).toBe(401);
  });
});

describe('cardholders', () => {
  it('uploads valid rows and reports every bad row with its number', async () => {
    const before = await count(t, 'cardholders');
    const csv =
      'CardholderIdentifier,Names,LastName,Email,CellPhone,Curp\nTHB1,Luis,Mora,luis@ejemplo.mx,5511111111,\nTHB2,Eva,Ruiz,no-es-correo,5511111111,\nTHB3,Eva,Ruiz,eva@ejemplo.mx,5511111111,XXXX\nTHB1,Otro,Mora,otro@ejemplo.mx,5511111111,\n=cmd,Eva,Ruiz,x@ejemplo.mx,5511111111,\n';
    const res = await upload(t, BUSINESS, '/api/v1/cardholders/action/upload-csv', { name: 'th.csv', content: csv });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ TotalRecords: 5, CreatedRecords: 1, FailedRecords: 4 });
    expect(d.Errors.map((e: { Row: number }) => e.Row)).toEqual([3, 4, 5, 6]);
    expect(d.Errors[0].Message).toBe('Correo electrónico no válido');
    expect(await count(t, 'cardholders')).toBe(before + 1);
  });

  it('gives the template and refuses an empty file', async () => {
    const tpl = await post(t, BUSINESS, '/api/v1/cardholders/action/upload-csv/template');
    expect(tpl.body).toContain('Identificador del tarjetahabiente,Nombre(s),Primer apellido');
    const empty = await upload(t, BUSINESS, '/api/v1/cardholders/action/upload-csv', { name: 'th.csv', content: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('never shows or changes another business’s cardholders', async () => {
    const [h] = await t.sql<{ v_uid: string }>(`SELECT v_uid FROM cardholders WHERE v_identifier = 'THA1'`);
    expect((await post(t, BUSINESS_2, '/api/v1/cardholders/query/getbyid', { Id: h!.v_uid })).statusCode).toBe(404);
    expect((await post(t, BUSINESS_2, '/api/v1/cardholders/action/lock', { CardholderIdentifier: 'THA1' })).statusCode).toBe(404);
    expect((await post(t, BUSINESS_2, '/api/v1/cardholders/query/list', {})).json().data.Records).toHaveLength(0);
    expect((await post(t, BUSINESS_2, '/api/v1/transaction/cardholderbalance/query/getbycardholder', { CardholderIdentifier: 'THA1' })).statusCode).toBe(404);
    expect((await post(t, WALLET, '/api/v1/cardholders/query/list', {})).statusCode).toBe(403);
  });

  it('validate-exists also knows cardholders', async () => {
    const res = await post(t, BUSINESS, '/api/v1/profiles/cardholders/query/validate-exists', { Email: 'tha1@ejemplo.mx' });
    expect(res.json().data.Exists).toBe(true);
  });
});

describe('cards, funding and the sandbox', () => {
  it('funds two cards with commission and IVA from the business balance, once per key', async () => {
    await t.sql(`UPDATE spei_config_global SET n_commission_deposit_cardholder_cents = 1000`);
    const d = await fund(t, [
      [ids[0]!, '500.00'],
      [ids[1]!, '100.00'],
    ]);
    expect(d).toMatchObject({ Executed: true, TotalAmount: '600.00', TotalCommission: '20.00', TotalIVA: '3.20', Total: '623.20' });
    const bal = await post(t, BUSINESS, '/api/v1/transaction/cardholderbalance/query/getbycardholder', { CardholderIdentifier: 'THA1' });
    expect(bal.json().data).toMatchObject({ balance: '500.00', availableBalance: '500.00' });
  });

  it('refuses funding without a code, and a file with a locked card, writing nothing', async () => {
    const before = await count(t, 'ledger_transactions');
    const noCode = await upload(
      t,
      BUSINESS,
      '/api/v1/transaction/cardholdermovements/load-funds-csv',
      { name: 'f.csv', content: `CardIdentifier,Amount\n${ids[0]},10\n` },
      {},
      { 'idempotency-key': key() },
    );
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, 'Ingresa el código de seguridad']);
    await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[2], Lock: true });
    const preview = await upload(
      t,
      BUSINESS,
      '/api/v1/transaction/cardholdermovements/load-funds-csv',
      { name: 'f.csv', content: `CardIdentifier,Amount\n${ids[2]},10\n${ids[0]},abc\n` },
      { Preview: 'true' },
    );
    expect(preview.json().data.Errors.map((e: { Message: string }) => e.Message)).toEqual(['La tarjeta está bloqueada', 'Monto no válido']);
    const code = await fundingCode(t, BUSINESS);
    const refused = await upload(
      t,
      BUSINESS,
      '/api/v1/transaction/cardholdermovements/load-funds-csv',
      { name: 'f.csv', content: `CardIdentifier,Amount\n${ids[2]},10\n` },
      { SecurityCode: code },
      { 'idempotency-key': key() },
    );
    expect(refused.statusCode).toBe(422);
    expect(await count(t, 'ledger_transactions')).toBe(before);
    await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[2], Lock: false });
  });

  it('approves within balance, declines over it, and declines a locked card at once', async () => {
    const okRes = await authorize(ids[0]!, '120.00');
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(okRes.json().data).toMatchObject({ Approved: true, Status: 'approved' });
    const cap = await post(t, BUSINESS, '/api/v1/cards/sandbox/capture', { AuthorizationId: okRes.json().data.AuthorizationId }, { 'idempotency-key': key() });
    expect(cap.json().data.Status).toBe('captured');
    const over = await authorize(ids[0]!, '1000.00');
    expect(over.json().data).toMatchObject({ Approved: false, DeclineReason: 'Saldo insuficiente' });
    await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[0], Lock: true });
    expect((await authorize(ids[0]!, '1.00')).json().data.DeclineReason).toBe('Tarjeta bloqueada');
    await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[0], Lock: false });
    const bal = await post(t, BUSINESS, '/api/v1/transaction/cardholderbalance/query/getbycardholder', { CardholderIdentifier: 'THA1' });
    expect(bal.json().data.balance).toBe('380.00');
    const refund = await post(
      t,
      BUSINESS,
      '/api/v1/cards/sandbox/refund',
      { AuthorizationId: okRes.json().data.AuthorizationId, Amount: '20.00' },
      { 'idempotency-key': key() },
    );
    expect(refund.json().data.Refunded).toBe('20.00');
  });

  it('enforces controls and limits, naming what refused', async () => {
    await post(t, BUSINESS, '/api/v1/cards/action/controls', {
      CardIdentifier: ids[0],
      Controls: { BlockedMccGroups: ['fuel'], Online: false, DomesticOnly: true },
    });
    expect((await authorize(ids[0]!, '1.00', { Mcc: 5541 })).json().data.DeclineReason).toBe('Categoría de comercio bloqueada: Gasolineras');
    expect((await authorize(ids[0]!, '1.00', { Channel: 'online' })).json().data.DeclineReason).toBe('Canal no permitido: en línea');
    expect((await authorize(ids[0]!, '1.00', { Country: 'US' })).json().data.DeclineReason).toBe('Compras en el extranjero no permitidas');
    await post(t, SUPER, '/api/v1/transaction/limit/action/upsert', {
      ScopeType: 1,
      CardholderIdentifier: 'THA1',
      CardType: 'prepago',
      LimitPerTransaction: '50.00',
      DailyLimit: '170.00',
      MonthlyLimit: '1000.00',
      IsEnabled: true,
    });
    expect((await authorize(ids[0]!, '51.00')).json().data.DeclineReason).toBe('Límite por transacción excedido');
    // 120.00 was already captured today: 160.00 fits the day, 190.00 does not.
    expect((await authorize(ids[0]!, '40.00')).json().data.Approved).toBe(true);
    expect((await authorize(ids[0]!, '30.00')).json().data.DeclineReason).toBe('Límite diario excedido');
  });

  it('refuses to activate an unassigned card and to lock a cancelled one; the other business gets 404', async () => {
    const stock = (await post(t, SUPER, '/api/v1/cards/query/list', { Status: 1, Size: 1 })).json().data.Records[0].CardIdentifier;
    expect((await post(t, BUSINESS, '/api/v1/cards/activate', { CardIdentifier: stock })).statusCode).toBe(404);
    expect((await post(t, BUSINESS, '/api/v1/cards/disable', { CardIdentifier: ids[2] })).statusCode).toBe(200);
    const lock = await post(t, BUSINESS, '/api/v1/cards/lock', { CardIdentifier: ids[2], Lock: true });
    expect(lock.statusCode).toBe(422);
    expect(lock.json().message).toBe('La tarjeta está cancelada');
    expect((await post(t, BUSINESS_2, '/api/v1/cards/lock', { CardIdentifier: ids[1], Lock: true })).statusCode).toBe(404);
    expect((await authorize(ids[1]!, '1.00', {}, BUSINESS_2)).statusCode).toBe(404);
    expect((await post(t, BUSINESS_2, '/api/v1/cards/query/list', {})).json().data.Records).toHaveLength(0);
  });

  it('replaces a card: the balance moves in one transaction and both histories stay', async () => {
    const res = await post(t, BUSINESS, '/api/v1/cards/action/replace', { CardIdentifier: ids[1], Reason: 'stolen' }, { 'idempotency-key': key() });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data;
    expect(fresh.Payload.ReplacementOf).toBe(ids[1]);
    const bal = await post(t, BUSINESS, '/api/v1/transaction/cardholderbalance/query/getbycardholder', { CardholderIdentifier: 'THA2' });
    const cards = bal.json().data.Cards as { CardIdentifier: string; balance: string }[];
    expect(cards.find((c) => c.CardIdentifier === ids[1])!.balance).toBe('0.00');
    expect(cards.find((c) => c.CardIdentifier === fresh.CardIdentifier)!.balance).toBe('100.00');
    const moves = await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { CardholderIdentifier: 'THA2' });
    expect(
      moves
        .json()
        .data.Records.map((m: { Kind: string }) => m.Kind)
        .sort(),
    ).toEqual(['funding', 'replacement-in', 'replacement-out']);
  });

  it('reveals only with a fresh code, audits it, and a used code fails', async () => {
    const none = await post(t, BUSINESS, '/api/v1/cards/query/getcardforcustomer', { CardIdentifier: ids[0], Reason: 'Verificar' });
    expect(none.statusCode).toBe(400);
    const code = await revealCode(t, BUSINESS);
    const audits = await count(t, 'log_user');
    const res = await post(t, BUSINESS, '/api/v1/cards/query/getcardforcustomer', { CardIdentifier: ids[0], SecurityCode: code, Reason: 'Verificar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.CardInfo.card_number).toMatch(/^537800\d{10}$/);
    expect(await count(t, 'log_user')).toBe(audits + 1);
    const again = await post(t, BUSINESS, '/api/v1/cards/query/getpin', { CardIdentifier: ids[0], SecurityCode: code, Reason: 'Verificar' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    // The PAN appears nowhere else: not in the audit log, the movements, nor any list.
    const pan = res.json().data.CardInfo.card_number as string;
    const logs = await t.sql<{ s: string }>(`SELECT coalesce(string_agg(v_activity || coalesce(t_detail::text, ''), ' '), '') AS s FROM log_user`);
    expect(logs[0]!.s).not.toContain(pan);
    const list = await post(t, BUSINESS, '/api/v1/cards/query/list', { Size: 50 });
    expect(list.body).not.toContain(pan);
    const exp = await post(t, BUSINESS, '/api/v1/transaction/cardholdermovements/getall', { Format: 'csv' });
    expect(exp.body).not.toContain(pan);
  });

  it('counts cards by status per business and for the whole stock', async () => {
    const mine = (await post(t, BUSINESS, '/api/v1/cards/action/get-amount-cards-by-status', {})).json().data;
    const total = (n: number) => mine.find((s: { Status: number }) => s.Status === n).Total;
    expect([total(3), total(4)]).toEqual([2, 2]);
    const all = (await post(t, SUPER, '/api/v1/cards/action/get-amount-cards-by-status', {})).json().data;
    expect(all.reduce((s: number, r: { Total: number }) => s + r.Total, 0)).toBe(31);
    expect((await post(t, WALLET, '/api/v1/cards/action/get-amount-cards-by-status', {})).statusCode).toBe(403);
  });
});
