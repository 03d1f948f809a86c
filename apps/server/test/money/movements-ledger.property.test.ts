/**
 * Movements are the ledger (issue 23 §3, decision 0024): random sequences of every kind of
 * operation — SPEI in and out (settled, returned, rejected, returned after settling, left pending),
 * deposits, dispersions with failed rows, card funding, card purchases, refunds and reversals,
 * cardholder SPEI outs, wallet deposits, wallet-to-wallet transfers, wallet SPEI outs and budget
 * moves, all with commissions — through the HTTP API, committed. After each sequence, for the
 * business and for the wallet, every output a customer sees must tell the same story:
 *   opening + deposits − withdrawals − commissions − IVA = closing = the balance the app shows,
 * read from the statement's JSON and PDF, the movements list (/movement), its CSV and XLSX, the
 * movements report (business) and the dashboard / wallet summary. The state accumulates from one
 * sequence to the next (the equality must hold whatever came before).
 */
import { formatCurrency } from '@far/contracts';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRailEvent } from '../../src/modules/spei';
import { PDF_OPTIONS } from '../../src/platform/pdf';
import { readXlsx } from '../api/report-files';
import { activeCards, fundingCode, generateStock, post, upload } from '../cards/cards';
import { account, create as createDispersion, csv as dispersionCsv, fileOf } from '../dispersions/helpers';
import { SUPER, TECHFAR, WALLET, addUser, lastCode, type TestApp, createTestApp } from '../helpers';
import { BUSINESS, CLABE, deposit, demoBusiness, key, moneyCall, movementRow, noLimits, pdfText, runJobs, speiCode, speiOut, type DemoBusiness } from './money';

const tx = '/api/v1/transaction';
let t: TestApp;
let b: DemoBusiness;
let cards: string[];
let walletIds: { main: string; other: string; otherEmail: string; budget: string };

/** Mexico City year, month and the month's first and last day (the lists' From/To). */
function thisMonth() {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { Year: y!, Month: m!, From: `${y}-${mm}-01`, To: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

const cents = (decimal: string) => BigInt(decimal.replace('.', ''));
const peso = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

async function code(email: string, Operation: string) {
  await t.sql(`UPDATE security_codes SET d_create_at = d_create_at - interval '1 hour' WHERE v_uid_user = (SELECT v_uid FROM users WHERE v_email = $1)`, [
    email,
  ]);
  const res = await t.call(email, { method: 'POST', url: '/api/v1/security/code', payload: { Operation } });
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(t, email);
}

// ---- the operations ----------------------------------------------------------------------------------

type Outcome = 'settle' | 'return' | 'reject' | 'return-after-settle' | 'pending';
type Op =
  | { t: 'deposit'; cents: bigint }
  | { t: 'spei-in'; cents: bigint }
  | { t: 'spei-out'; cents: bigint; outcome: Outcome }
  | { t: 'dispersion'; cents: bigint }
  | { t: 'fund'; card: number; cents: bigint }
  | { t: 'purchase'; card: number; cents: bigint; then: 'capture' | 'refund' | 'reverse' }
  | { t: 'card-spei'; card: number; cents: bigint }
  | { t: 'wallet-deposit'; cents: bigint }
  | { t: 'wallet-transfer'; back: boolean; cents: bigint }
  | { t: 'wallet-spei'; cents: bigint }
  | { t: 'budget'; type: 'add' | 'minus'; cents: bigint };

const amount = (max: bigint) => fc.bigInt({ min: 1n, max });
const card = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('deposit' as const), cents: amount(200_000n) }),
  fc.record({ t: fc.constant('spei-in' as const), cents: amount(200_000n) }),
  fc.record({
    t: fc.constant('spei-out' as const),
    cents: amount(50_000n),
    outcome: fc.constantFrom<Outcome>('settle', 'return', 'reject', 'return-after-settle', 'pending'),
  }),
  fc.record({ t: fc.constant('dispersion' as const), cents: amount(20_000n) }),
  fc.record({ t: fc.constant('fund' as const), card, cents: amount(30_000n) }),
  fc.record({
    t: fc.constant('purchase' as const),
    card,
    cents: amount(5_000n),
    then: fc.constantFrom('capture' as const, 'refund' as const, 'reverse' as const),
  }),
  fc.record({ t: fc.constant('card-spei' as const), card, cents: amount(5_000n) }),
  fc.record({ t: fc.constant('wallet-deposit' as const), cents: amount(100_000n) }),
  fc.record({ t: fc.constant('wallet-transfer' as const), back: fc.boolean(), cents: amount(20_000n) }),
  fc.record({ t: fc.constant('wallet-spei' as const), cents: amount(20_000n) }),
  fc.record({ t: fc.constant('budget' as const), type: fc.constantFrom('add' as const, 'minus' as const), cents: amount(20_000n) }),
);

/** 200, or 422 when the money is not there (a refusal moves nothing, which the checks see too). */
const accepted = (res: { statusCode: number; body: string }) => {
  expect([200, 422], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
};

async function run(o: Op): Promise<void> {
  switch (o.t) {
    case 'deposit':
      return void (await deposit(t, b.id, peso(o.cents)));
    case 'spei-in': {
      const res = await moneyCall(t, TECHFAR, {
        method: 'POST',
        url: `${tx}/spei/sandbox/incoming`,
        payload: {
          Clabe: b.clabe,
          SenderName: 'Cliente Externo',
          Concept: 'Pago',
          Amount: peso(o.cents),
          TrackingKey: `PROP${key().slice(0, 8).toUpperCase()}`,
          SenderClabe: CLABE.bbva,
        },
      });
      return void expect(res.statusCode, res.body).toBe(200);
    }
    case 'spei-out': {
      const clabe = { settle: CLABE.settles, 'return-after-settle': CLABE.settles, pending: CLABE.settles, return: CLABE.returns, reject: CLABE.rejects }[
        o.outcome
      ];
      const res = await speiOut(t, BUSINESS, { Clabe: clabe, BeneficiaryName: 'Proveedor', Amount: peso(o.cents) });
      if (!accepted(res) || o.outcome === 'pending') return;
      await runJobs(t);
      if (o.outcome === 'return-after-settle') {
        const m = await movementRow(t, res.json().data.Id);
        await t.database.db.transaction((db) =>
          applyRailEvent(
            db,
            {
              type: 'return',
              trackingKey: m.v_tracking_key,
              operationDate: res.json().data.OperationDate,
              reason: 'Cuenta cancelada',
              returnTrackingKey: `DEV${key().slice(0, 8)}`,
            },
            new Date(),
          ),
        );
      }
      return;
    }
    case 'dispersion': {
      // One row paid, one returned by the bank (a failed row).
      const file = dispersionCsv([
        { ...account('990', 11), amount: peso(o.cents) },
        { ...account('991', 12), amount: peso(o.cents) },
      ]);
      accepted(await createDispersion(t, BUSINESS, { File: fileOf(file), Concept: 'Nomina' }));
      return;
    }
    case 'fund': {
      const res = await upload(
        t,
        BUSINESS,
        `${tx}/cardholdermovements/load-funds-csv`,
        { name: 'fondeo.csv', content: `CardIdentifier,Amount\n${cards[o.card]},${peso(o.cents)}\n` },
        { SecurityCode: await fundingCode(t, BUSINESS) },
        { 'idempotency-key': key() },
      );
      return void accepted(res);
    }
    case 'purchase': {
      const auth = await post(
        t,
        BUSINESS,
        '/api/v1/cards/sandbox/authorize',
        { CardIdentifier: cards[o.card], MerchantName: 'Tienda', Mcc: 5411, Amount: peso(o.cents) },
        { 'idempotency-key': key() },
      );
      expect(auth.statusCode, auth.body).toBe(200);
      if (!auth.json().data.Approved) return;
      const AuthorizationId = auth.json().data.AuthorizationId;
      if (o.then === 'reverse')
        return void expect((await post(t, BUSINESS, '/api/v1/cards/sandbox/reverse', { AuthorizationId }, { 'idempotency-key': key() })).statusCode).toBe(200);
      expect((await post(t, BUSINESS, '/api/v1/cards/sandbox/capture', { AuthorizationId }, { 'idempotency-key': key() })).statusCode).toBe(200);
      if (o.then === 'refund')
        expect(
          (await post(t, BUSINESS, '/api/v1/cards/sandbox/refund', { AuthorizationId, Amount: peso(o.cents) }, { 'idempotency-key': key() })).statusCode,
        ).toBe(200);
      return;
    }
    case 'card-spei': {
      const res = await post(
        t,
        BUSINESS,
        `${tx}/cardholdermovements/action/spei-out`,
        {
          CardIdentifier: cards[o.card],
          Clabe: CLABE.settles,
          BeneficiaryName: 'Proveedor',
          Concept: 'Pago',
          Reference: '7',
          Amount: peso(o.cents),
          SecurityCode: await speiCode(t, BUSINESS),
        },
        { 'idempotency-key': key() },
      );
      accepted(res);
      return void (await runJobs(t));
    }
    case 'wallet-deposit': {
      const res = await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: walletIds.main, Amount: peso(o.cents) } });
      return void expect(res.statusCode, res.body).toBe(200);
    }
    case 'wallet-transfer': {
      const [from, to] = o.back ? [walletIds.otherEmail, WALLET] : [WALLET, walletIds.otherEmail];
      if (o.back) await moneyCall(t, TECHFAR, { method: 'POST', url: '/api/v1/wallet/deposit', payload: { UserId: walletIds.other, Amount: peso(o.cents) } });
      const res = await moneyCall(t, from, {
        method: 'POST',
        url: '/api/v1/wallet/transfer',
        payload: { Recipient: to, Amount: peso(o.cents), SecurityCode: await code(from, 'wallet-transfer') },
      });
      return void accepted(res);
    }
    case 'wallet-spei': {
      const res = await moneyCall(t, WALLET, {
        method: 'POST',
        url: '/api/v1/wallet/speiout',
        payload: {
          Clabe: CLABE.settles,
          BeneficiaryName: 'Ana Lopez',
          Concept: 'Pago',
          Reference: '12',
          Amount: peso(o.cents),
          SecurityCode: await code(WALLET, 'spei-out'),
        },
      });
      accepted(res);
      return void (await runJobs(t));
    }
    case 'budget': {
      const res = await moneyCall(t, WALLET, {
        method: 'POST',
        url: `/api/v1/budget/${walletIds.budget}/movement`,
        payload: { v_type: o.type, n_amount: peso(o.cents) },
      });
      return void accepted(res);
    }
  }
}

// ---- the outputs -------------------------------------------------------------------------------------

interface Story {
  opening: bigint;
  deposits: bigint;
  withdrawals: bigint;
  commissions: bigint;
  iva: bigint;
  closing: bigint;
}

/** Every movement of the month through the list's pages (Size ≤ 100). */
async function allPages(as: string, url: string, body: Record<string, unknown>) {
  const rows: Array<{ BalanceEffect: string; Commission: string; IVA: string; MovementName: string }> = [];
  for (let Page = 1; ; Page++) {
    const res = await t.call(as, { method: 'POST', url, payload: { ...body, Page, Size: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...res.json().data.Records);
    if (Page >= res.json().data.TotalPages) return rows;
  }
}

/** Σ effects = closing − opening; the commissions and IVA of the movements that moved money are the statement's. */
function expectAddsUp(what: string, s: Story, rows: Array<{ effect: bigint; commission: bigint; iva: bigint }>) {
  const moved = rows.filter((r) => r.effect !== 0n);
  expect(
    rows.reduce((a, r) => a + r.effect, 0n),
    `${what}: Σ efecto en saldo`,
  ).toBe(s.closing - s.opening);
  expect(
    moved.reduce((a, r) => a + r.commission, 0n),
    `${what}: comisiones`,
  ).toBe(s.commissions);
  expect(
    moved.reduce((a, r) => a + r.iva, 0n),
    `${what}: IVA`,
  ).toBe(s.iva);
}

/** CSV or XLSX export of movements (or the movements report) read back as Excel would. */
async function fileRows(res: { statusCode: number; body: string; rawPayload: Buffer }, format: 'csv' | 'xlsx', headers: { amount: string }) {
  expect(res.statusCode, res.body).toBe(200);
  if (format === 'csv') {
    const cells = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
    const col = (name: string) => cells[0]!.indexOf(name);
    expect(col(headers.amount)).toBeGreaterThan(0);
    for (const r of cells.slice(1)) expect(r[col('Tipo')], 'no raw code').toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]/);
    return cells.slice(1).map((r) => ({ effect: cents(r[col(headers.amount)]!), commission: cents(r[col('Comisión')]!), iva: cents(r[col('IVA')]!) }));
  }
  const x = await readXlsx(res.rawPayload);
  const num = (v: unknown) => BigInt(Math.round(Number(v ?? 0) * 100));
  return x.rows.map((r) => ({ effect: num(r[x.col(headers.amount)]), commission: num(r[x.col('Comisión')]), iva: num(r[x.col('IVA')]) }));
}

/** Reads the statement JSON and PDF and checks the equality on both; answers the story. */
async function statementStory(as: string, url: string, body: Record<string, unknown>): Promise<Story> {
  const json = await t.call(as, { method: 'POST', url, payload: { ...body, Format: 'json' } });
  expect(json.statusCode, json.body).toBe(200);
  const st = json.json().data;
  const s: Story = {
    opening: cents(st.OpeningBalance),
    deposits: cents(st.Deposits),
    withdrawals: cents(st.Withdrawals),
    commissions: cents(st.Commissions),
    iva: cents(st.IVA),
    closing: cents(st.ClosingBalance),
  };
  expect(s.opening + s.deposits - s.withdrawals - s.commissions - s.iva, 'estado de cuenta JSON').toBe(s.closing);
  for (const line of st.Movements) expect(line.Description, 'no raw code in the statement').not.toMatch(/^[a-z]+(-[a-z]+)+$/);
  // The lines tell the same: Σ of the lines that are not own transfers = closing − opening.
  expect(st.Movements.filter((l: { OwnTransfer: boolean }) => !l.OwnTransfer).reduce((a: bigint, l: { Amount: string }) => a + cents(l.Amount), 0n)).toBe(
    s.closing - s.opening,
  );
  PDF_OPTIONS.compress = false;
  const pdf = await t.call(as, { method: 'POST', url, payload: { ...body, Format: 'pdf' } });
  expect(pdf.statusCode).toBe(200);
  const text = pdfText(pdf.rawPayload);
  for (const [label, c] of [
    ['Saldo inicial', s.opening],
    ['Depósitos', s.deposits],
    ['Retiros', s.withdrawals],
    ['Comisiones', s.commissions],
    ['IVA de comisiones', s.iva],
  ] as const)
    expect(text, `PDF: ${label}`).toContain(formatCurrency(c));
  expect(text, 'PDF: saldo final').toContain(`${formatCurrency(s.closing)} MXN`);
  return s;
}

async function checkBusiness() {
  const m = thisMonth();
  const s = await statementStory(BUSINESS, '/api/internal/account-state', { Year: m.Year, Month: m.Month });
  const dashboard = await t.call(BUSINESS, { method: 'GET', url: `${tx}/dashboard/business` });
  expect(cents(dashboard.json().data.Balance.balance), 'tablero = saldo final').toBe(s.closing);
  const list = await allPages(BUSINESS, `${tx}/business-movement/movements`, { From: m.From, To: m.To });
  for (const r of list) expect(r.MovementName).not.toMatch(/^[a-z-]+$/);
  expectAddsUp(
    '/movement',
    s,
    list.map((r) => ({ effect: cents(r.BalanceEffect), commission: cents(r.Commission), iva: cents(r.IVA) })),
  );
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await t.call(BUSINESS, {
      method: 'POST',
      url: `${tx}/business-movement/movements/export`,
      payload: { From: m.From, To: m.To, Format: format },
    });
    expectAddsUp(`exportación ${format}`, s, await fileRows(file, format, { amount: 'Efecto en saldo' }));
    const report = await t.call(BUSINESS, {
      method: 'POST',
      url: '/api/v1/reports/download',
      payload: { Kind: 'movements', From: m.From, To: m.To, Format: format },
    });
    expectAddsUp(`reporte ${format}`, s, await fileRows(report, format, { amount: 'Efecto en saldo' }));
  }
}

async function checkWallet() {
  const m = thisMonth();
  const s = await statementStory(WALLET, '/api/v1/wallet/statement', { Year: m.Year, Month: m.Month });
  const summary = await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/summary', payload: {} });
  expect(cents(summary.json().data.Balance.Total), 'Mi resumen: total = saldo final').toBe(s.closing);
  const list = await allPages(WALLET, '/api/v1/wallet/movements', { From: m.From, To: m.To });
  expectAddsUp(
    'movimientos del Wallet',
    s,
    list.map((r) => ({ effect: cents(r.BalanceEffect), commission: cents(r.Commission), iva: cents(r.IVA) })),
  );
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/movements/export', payload: { From: m.From, To: m.To, Format: format } });
    expectAddsUp(`exportación ${format} del Wallet`, s, await fileRows(file, format, { amount: 'Efecto en saldo' }));
  }
}

// ---- the run -----------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp();
  b = await demoBusiness(t);
  await noLimits(t, b);
  // Every commission non-zero: SPEI in 0.5 %, SPEI out $5.00, card funding $3.00 (IVA 16 % each).
  const cfg = await t.call(TECHFAR, {
    method: 'PUT',
    url: `${tx}/speiconfig/global`,
    payload: { CommissionSpeiInGlobal: '0.5', EnableSpeiOutGlobal: true, CommissionSpeiOutTransaction: '5.00', CommissionDepositCardholder: '3.00' },
  });
  expect(cfg.statusCode, cfg.body).toBe(200);
  const walletCfg = await t.call(SUPER, { method: 'GET', url: '/api/v1/wallet/config' });
  expect(walletCfg.statusCode, walletCfg.body).toBe(200);
  const w = walletCfg.json().data;
  const put = await t.call(SUPER, {
    method: 'PUT',
    url: '/api/v1/wallet/config',
    payload: {
      UdiValue: w.UdiValue,
      LimitRaiseWaitHours: w.LimitRaiseWaitHours,
      EnableSpeiOut: true,
      CommissionSpeiIn: '1',
      CommissionSpeiOut: '4.00',
      CommissionWalletTransfer: '2.00',
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const limit = await t.call(SUPER, {
    method: 'POST',
    url: `${tx}/limit/action/upsert`,
    payload: { ScopeType: 0, CardType: 'prepago', IsEnabled: true, LimitPerTransaction: '900000.00', DailyLimit: '9000000.00', MonthlyLimit: '90000000.00' },
  });
  expect(limit.statusCode, limit.body).toBe(200);
  await generateStock(t, 2);
  cards = await activeCards(t, ['PROP1', 'PROP2']);
  await deposit(t, b.id, '50000.00');
  const other = await addUser(t, 'prop-otro@wallet.mx', WALLET, { newTenant: true });
  const main = await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/summary', payload: {} });
  const budget = await t.call(WALLET, { method: 'POST', url: '/api/v1/budget', payload: { v_name: 'Vacaciones', n_goal_amount: '5000' } });
  expect(budget.statusCode, budget.body).toBe(200);
  walletIds = { main: main.json().data.UserId, other: other.v_uid, otherEmail: 'prop-otro@wallet.mx', budget: budget.json().data.v_uid };
  await run({ t: 'wallet-deposit', cents: 100_000n });
}, 120_000);
afterAll(() => t.close());

describe('movements are the ledger', () => {
  it('card funding is a movement with its commission and IVA apart, in the list, the export and the statement', async () => {
    await run({ t: 'fund', card: 0, cents: 10_000n });
    const list = await t.call(BUSINESS, { method: 'POST', url: `${tx}/business-movement/movements`, payload: { Type: 'CARD_FUNDING' } });
    const funding = list.json().data.Records[0];
    expect(funding).toMatchObject({
      MovementType: 'CARD_FUNDING',
      MovementName: 'Fondeo de tarjetas',
      MovementAmount: '100.00',
      Commission: '3.00',
      IVA: '0.48',
      TotalAmount: '103.48',
      BalanceEffect: '-103.48',
      StatusName: 'Liquidada',
      Concept: 'Archivo fondeo.csv',
    });
    const detail = await t.call(BUSINESS, { method: 'GET', url: `${tx}/business-movement/${funding.Id}` });
    expect(detail.json().data.Entries).toEqual(
      expect.arrayContaining([
        { Account: 'Cuenta de la empresa', Description: 'Fondeo de tarjetas', Debit: '100.00', Credit: null },
        { Account: 'Cuenta de la empresa', Description: 'Comisión por fondeo de tarjetas', Debit: '3.00', Credit: null },
        { Account: 'Cuenta de la empresa', Description: 'IVA de la comisión', Debit: '0.48', Credit: null },
      ]),
    );
    const m = thisMonth();
    const st = (
      await t.call(BUSINESS, { method: 'POST', url: '/api/internal/account-state', payload: { Year: m.Year, Month: m.Month, Format: 'json' } })
    ).json().data;
    const lines = st.Movements.filter((l: { MovementType: string }) => l.MovementType === 'card-funding').slice(-3);
    expect(lines.map((l: { Description: string; Amount: string }) => [l.Description, l.Amount])).toEqual([
      ['Fondeo de tarjetas', '-100.00'],
      ['Comisión por fondeo de tarjetas', '-3.00'],
      ['IVA de la comisión', '-0.48'],
    ]);
    // Another business sees none of it.
    const other = await t.call('negocio@demo.mx', { method: 'GET', url: `${tx}/business-movement/${funding.Id}` });
    expect(other.statusCode).toBe(404);
  });

  it('a budget move is a transfer between the wallet’s own accounts: listed, but neither deposit nor withdrawal', async () => {
    const m = thisMonth();
    const before = (await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/statement', payload: { Year: m.Year, Month: m.Month } })).json().data;
    await run({ t: 'budget', type: 'add', cents: 50_000n });
    const after = (await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/statement', payload: { Year: m.Year, Month: m.Month } })).json().data;
    expect([after.Deposits, after.Withdrawals, after.ClosingBalance]).toEqual([before.Deposits, before.Withdrawals, before.ClosingBalance]);
    expect(after.Movements.at(-1)).toMatchObject({ Description: 'Apartado a Vacaciones', Amount: '-500.00', OwnTransfer: true });
    const list = await t.call(WALLET, { method: 'POST', url: '/api/v1/wallet/movements', payload: { Type: 'BUDGET_ADD' } });
    expect(list.json().data.Records[0]).toMatchObject({ MovementName: 'Apartado a Vacaciones', TotalAmount: '500.00', BalanceEffect: '0.00' });
    await checkWallet();
  });

  it('every output adds up after random sequences of every operation', async () => {
    let sequences = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        sequences += 1;
        for (const o of ops) await run(o);
        await runJobs(t);
        await checkBusiness();
        await checkWallet();
      }),
      { numRuns: 24 },
    );
    expect(sequences).toBe(24);
  }, 1_500_000);
});
