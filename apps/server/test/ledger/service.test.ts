import { randomUUID } from 'node:crypto';
import { speiInCharges, speiOutCharges } from '@far/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client';
import {
  BOOK_SHARDS,
  PROVIDER_BOOK_NAMES,
  balanceOf,
  bookAccountId,
  bookBalances,
  ensureProviderBooks,
  getAccountByCode,
  getHold,
  openAccount,
  placeHold,
  postTransaction,
  releaseHold,
  reverseTransaction,
  settleHold,
  shardFor,
  statement,
  translateDbError,
  type LedgerAccount,
} from '../../src/modules/ledger';
import { AppError } from '../../src/platform/errors';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inTx = <T>(fn: (tx: Tx) => Promise<T>) => t.database.db.transaction(fn);
const uniq = () => randomUUID().slice(0, 8).toUpperCase();

async function business(): Promise<LedgerAccount> {
  const owner = `BUS${uniq()}`;
  return inTx((tx) => openAccount(tx, { ownerKind: 'business', owner, name: `Empresa ${owner}` }));
}

/** A SPEI deposit of `cents` into the account (money comes from SPEI clearing). */
const deposit = (accountId: string, cents: bigint, reference = `dep-${uniq()}`) =>
  inTx((tx) =>
    postTransaction(tx, {
      kind: 'deposit',
      reference,
      postings: [
        { book: 'spei-clearing', amountCents: -cents },
        { accountId, amountCents: cents, leg: 'amount' },
      ],
    }),
  );

/** The refusal an AppError carries, or the raw message. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return err instanceof AppError ? `${err.code}: ${err.message}` : `Error: ${(err as Error).message}`;
  }
  throw new Error('expected a refusal');
}

/** The message of a database failure, with its cause (drizzle wraps the driver's error). */
const failureText = (e: unknown) => `${(e as Error | undefined)?.message ?? ''} ${(e as { cause?: Error } | undefined)?.cause?.message ?? ''}`;

const sumOfPostings = async (accountId: string) =>
  BigInt((await t.sql<{ s: string }>(`SELECT coalesce(sum(n_amount_cents), 0)::text AS s FROM ledger_postings WHERE v_uid_account = $1`, [accountId]))[0]!.s);

describe('accounts', () => {
  it('has the provider books, sharded, with fixed ids; ensureProviderBooks is idempotent', async () => {
    const rows = await t.sql<{ v_uid: string; v_code: string; b_customer: boolean }>(
      `SELECT v_uid::text, v_code, b_customer FROM ledger_accounts WHERE v_owner_kind = 'provider' ORDER BY v_code`,
    );
    expect(rows).toHaveLength(PROVIDER_BOOK_NAMES.length * BOOK_SHARDS);
    for (const book of PROVIDER_BOOK_NAMES) {
      for (let s = 0; s < BOOK_SHARDS; s++)
        expect(rows.find((r) => r.v_uid === bookAccountId(book, s))?.v_code).toBe(`PROVIDER:${book}:${String(s).padStart(2, '0')}`);
    }
    expect(rows.every((r) => !r.b_customer)).toBe(true);
    await ensureProviderBooks(t.database.db);
    expect(await t.sql(`SELECT 1 FROM ledger_accounts WHERE v_owner_kind = 'provider'`)).toHaveLength(80);
  });

  it('opens a customer account once per code', async () => {
    const a = await inTx((tx) => openAccount(tx, { ownerKind: 'business', owner: 'BUS000777', name: 'Demo' }));
    const b = await inTx((tx) => openAccount(tx, { ownerKind: 'business', owner: 'BUS000777', name: 'Otro nombre' }));
    expect(a).toMatchObject({ code: 'BUS000777:main', ownerKind: 'business', owner: 'BUS000777', customer: true });
    expect(b.id).toBe(a.id);
    expect((await getAccountByCode(t.database.db, 'BUS000777:main'))?.id).toBe(a.id);
    const card = await inTx((tx) => openAccount(tx, { ownerKind: 'cardholder', owner: 'CH000001', name: 'Tarjeta', slot: 'card-1' }));
    expect(card.code).toBe('CH000001:card-1');
    expect(await refusal(inTx((tx) => openAccount(tx, { ownerKind: 'wallet', owner: 'BUS000777', name: 'x' })))).toBe(
      'CONFLICT: La cuenta BUS000777:main ya existe con otro titular',
    );
    expect(await refusal(inTx((tx) => openAccount(tx, { ownerKind: 'provider' as never, owner: 'x', name: 'x' })))).toMatch(/tipo de titular/);
  });

  it('starts at zero', async () => {
    const a = await business();
    expect(await balanceOf(t.database.db, a.id)).toEqual({ accountId: a.id, account: a.code, balance: 0n, transitBalance: 0n, availableBalance: 0n });
    expect(await refusal(balanceOf(t.database.db, randomUUID()))).toBe('NOT_FOUND: Cuenta no encontrada');
  });
});

describe('postTransaction', () => {
  it('posts balanced legs, with each posting’s balance after and position', async () => {
    const a = await business();
    const first = await deposit(a.id, 10_000n);
    const second = await deposit(a.id, 2_550n);
    expect(first.created).toBe(true);
    expect(first.postings.find((p) => p.accountId === a.id)).toMatchObject({ amountCents: 10_000n, balanceAfterCents: 10_000n, entry: 1n, leg: 'amount' });
    expect(second.postings.find((p) => p.accountId === a.id)).toMatchObject({ amountCents: 2_550n, balanceAfterCents: 12_550n, entry: 2n });
    // The clearing leg went to the customer's shard of the book.
    expect(first.postings[0]!.accountId).toBe(bookAccountId('spei-clearing', shardFor(a.id)));
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 12_550n, transitBalance: 0n, availableBalance: 12_550n });
    expect(await sumOfPostings(a.id)).toBe(12_550n);
  });

  it('charges the SPEI-in commission and its IVA as their own legs', async () => {
    const a = await business();
    const c = speiInCharges(100_000n, 150n);
    const moved = await inTx((tx) =>
      postTransaction(tx, {
        kind: 'spei-in',
        reference: `SPEI-IN-${uniq()}`,
        memo: { claveRastreo: 'ABC123', amount: '1000.00' },
        postings: [
          { book: 'spei-clearing', amountCents: -c.amountCents },
          { accountId: a.id, amountCents: c.amountCents, leg: 'amount' },
          { accountId: a.id, amountCents: -c.commissionCents, leg: 'commission' },
          { book: 'commission-income', amountCents: c.commissionCents, leg: 'commission' },
          { accountId: a.id, amountCents: -c.ivaCents, leg: 'iva' },
          { book: 'iva-payable', amountCents: c.ivaCents, leg: 'iva' },
        ],
      }),
    );
    const mine = moved.postings.filter((p) => p.accountId === a.id);
    expect(mine.map((p) => [p.leg, p.amountCents, p.balanceAfterCents, p.entry])).toEqual([
      ['amount', 100_000n, 100_000n, 1n],
      ['commission', -1_500n, 98_500n, 2n],
      ['iva', -240n, 98_260n, 3n],
    ]);
    expect((await balanceOf(t.database.db, a.id)).balance).toBe(98_260n);
  });

  it('posts a (kind, reference) once: the same movement again answers the first, other legs are refused', async () => {
    const a = await business();
    const ref = `dep-${uniq()}`;
    const first = await deposit(a.id, 500n, ref);
    const again = await deposit(a.id, 500n, ref);
    expect(again).toMatchObject({ created: false, transactionId: first.transactionId });
    expect(again.postings.map((p) => p.amountCents)).toEqual(first.postings.map((p) => p.amountCents));
    expect(await refusal(deposit(a.id, 501n, ref))).toBe('CONFLICT: La referencia ya se usó para otro movimiento');
    expect((await balanceOf(t.database.db, a.id)).balance).toBe(500n);
  });

  it('answers a replayed debit with the first one even after the money is gone', async () => {
    const a = await business();
    const b = await business();
    await deposit(a.id, 700n);
    const debit = {
      kind: 'transfer',
      reference: `t-${uniq()}`,
      postings: [
        { accountId: a.id, amountCents: -700n },
        { accountId: b.id, amountCents: 700n },
      ],
    };
    const first = await inTx((tx) => postTransaction(tx, debit));
    const again = await inTx((tx) => postTransaction(tx, debit));
    expect(again).toMatchObject({ created: false, transactionId: first.transactionId });
    expect((await balanceOf(t.database.db, a.id)).balance).toBe(0n);
  });

  it('refuses malformed movements before writing anything', async () => {
    const a = await business();
    const bad = (postings: { accountId?: string; book?: 'spei-clearing'; amountCents: bigint }[]) =>
      refusal(inTx((tx) => postTransaction(tx, { kind: 'deposit', reference: `bad-${uniq()}`, postings })));
    expect(await bad([{ accountId: a.id, amountCents: 100n }])).toMatch(/al menos dos partidas/);
    expect(
      await bad([
        { accountId: a.id, amountCents: 100n },
        { book: 'spei-clearing', amountCents: -99n },
      ]),
    ).toMatch(/suman 1, no cero/);
    expect(
      await bad([
        { accountId: a.id, amountCents: 0n },
        { book: 'spei-clearing', amountCents: 0n },
      ]),
    ).toMatch(/no puede ser cero/);
    expect(
      await bad([
        { accountId: a.id, amountCents: 100 as unknown as bigint },
        { book: 'spei-clearing', amountCents: -100n },
      ]),
    ).toMatch(/bigint/);
    expect(
      await bad([
        { accountId: a.id, book: 'spei-clearing', amountCents: 100n },
        { book: 'spei-clearing', amountCents: -100n },
      ]),
    ).toMatch(/accountId o book/);
    expect(
      await bad([
        { accountId: randomUUID(), amountCents: 100n },
        { book: 'spei-clearing', amountCents: -100n },
      ]),
    ).toBe('NOT_FOUND: Cuenta no encontrada');
    expect(
      await bad([
        { accountId: 'no-es-uuid', amountCents: 100n },
        { book: 'spei-clearing', amountCents: -100n },
      ]),
    ).toBe('NOT_FOUND: Cuenta no encontrada');
    expect(await t.sql(`SELECT 1 FROM ledger_postings WHERE v_uid_account = $1`, [a.id])).toHaveLength(0);
  });

  it('refuses an overdraft with Saldo insuficiente and leaves the caller’s transaction usable', async () => {
    const a = await business();
    const b = await business();
    await deposit(a.id, 1_000n);
    const outcome = await inTx(async (tx) => {
      const refused = await refusal(
        postTransaction(tx, {
          kind: 'transfer',
          reference: `t-${uniq()}`,
          postings: [
            { accountId: a.id, amountCents: -1_001n },
            { accountId: b.id, amountCents: 1_001n },
          ],
        }),
      );
      // The same transaction goes on: the exact balance moves.
      const moved = await postTransaction(tx, {
        kind: 'transfer',
        reference: `t-${uniq()}`,
        postings: [
          { accountId: a.id, amountCents: -1_000n },
          { accountId: b.id, amountCents: 1_000n },
        ],
      });
      return { refused, moved };
    });
    expect(outcome.refused).toBe('BUSINESS_RULE: Saldo insuficiente');
    expect(outcome.moved.created).toBe(true);
    expect((await balanceOf(t.database.db, a.id)).availableBalance).toBe(0n);
    expect((await balanceOf(t.database.db, b.id)).balance).toBe(1_000n);
  });

  it('lets a provider book go negative', async () => {
    const a = await business();
    await deposit(a.id, 123n);
    const shard = bookAccountId('spei-clearing', shardFor(a.id));
    expect((await balanceOf(t.database.db, shard)).balance < 0n).toBe(true);
  });

  it('reverses a movement once, with a new transaction', async () => {
    const a = await business();
    const dep = await deposit(a.id, 4_000n);
    const rev = await inTx((tx) => reverseTransaction(tx, { transactionId: dep.transactionId, memo: { why: 'duplicado' } }));
    expect(rev).toMatchObject({ created: true, kind: 'reversal', reference: dep.transactionId });
    expect((await balanceOf(t.database.db, a.id)).balance).toBe(0n);
    expect((await inTx((tx) => reverseTransaction(tx, { transactionId: dep.transactionId }))).created).toBe(false);
    expect(await refusal(inTx((tx) => reverseTransaction(tx, { transactionId: rev.transactionId })))).toBe('BUSINESS_RULE: Una reversa no se puede revertir');
    // Reversing money already spent is refused like any overdraft.
    const b = await business();
    const dep2 = await deposit(b.id, 100n);
    await inTx((tx) => placeHold(tx, { accountId: b.id, amountCents: 60n, reference: `h-${uniq()}` }));
    expect(await refusal(inTx((tx) => reverseTransaction(tx, { transactionId: dep2.transactionId })))).toBe('BUSINESS_RULE: Saldo insuficiente');
  });
});

describe('holds', () => {
  /** SPEI-out settlement legs for a hold of speiOutCharges(amount, commission).totalCents. */
  const speiOutLegs = (accountId: string, amount: bigint, commission: bigint) => {
    const c = speiOutCharges(amount, commission);
    return [
      { accountId, amountCents: -c.amountCents, leg: 'amount' },
      { book: 'spei-clearing' as const, amountCents: c.amountCents, leg: 'amount' },
      { accountId, amountCents: -c.commissionCents, leg: 'commission' },
      { book: 'commission-income' as const, amountCents: c.commissionCents, leg: 'commission' },
      { accountId, amountCents: -c.ivaCents, leg: 'iva' },
      { book: 'iva-payable' as const, amountCents: c.ivaCents, leg: 'iva' },
    ];
  };

  it('moves the total into transit, settles it once, and a second settle is a no-op', async () => {
    const a = await business();
    await deposit(a.id, 200_000n);
    const { totalCents } = speiOutCharges(100_000n, 500n); // 1,005.80
    const ref = `SPEI-OUT-${uniq()}`;
    const placed = await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: totalCents, reference: ref }));
    expect(placed).toMatchObject({ created: true, hold: { status: 'held', amountCents: 100_580n, transactionId: null } });
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 200_000n, transitBalance: 100_580n, availableBalance: 99_420n });

    const settled = await inTx((tx) => settleHold(tx, { reference: ref, postings: speiOutLegs(a.id, 100_000n, 500n), memo: { claveRastreo: 'X1' } }));
    expect(settled.applied).toBe(true);
    expect(settled.hold).toMatchObject({ status: 'posted' });
    expect(settled.applied && settled.transaction?.kind).toBe('spei-out');
    expect(settled.hold.transactionId).toBe(settled.applied ? settled.transaction!.transactionId : null);
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 99_420n, transitBalance: 0n, availableBalance: 99_420n });

    const twice = await inTx((tx) => settleHold(tx, { reference: ref, postings: speiOutLegs(a.id, 100_000n, 500n) }));
    expect(twice).toMatchObject({ applied: false, hold: { status: 'posted' } });
    const late = await inTx((tx) => releaseHold(tx, { reference: ref, reason: 'returned' }));
    expect(late).toMatchObject({ applied: false, hold: { status: 'posted' } });
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 99_420n, transitBalance: 0n });
    expect(await sumOfPostings(a.id)).toBe(99_420n);
  });

  it('releases a returned or cancelled hold once; a settle after it is reported, not applied', async () => {
    const a = await business();
    await deposit(a.id, 10_000n);
    const ref = `SPEI-OUT-${uniq()}`;
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 5_000n, reference: ref }));
    const released = await inTx((tx) => releaseHold(tx, { reference: ref, reason: 'returned' }));
    expect(released).toMatchObject({ applied: true, hold: { status: 'released', reason: 'returned' } });
    expect(await inTx((tx) => releaseHold(tx, { reference: ref }))).toMatchObject({ applied: false, hold: { status: 'released' } });
    const settle = await inTx((tx) =>
      settleHold(tx, {
        reference: ref,
        postings: [
          { accountId: a.id, amountCents: -5_000n },
          { book: 'spei-clearing', amountCents: 5_000n },
        ],
      }),
    );
    expect(settle).toMatchObject({ applied: false, hold: { status: 'released' } });
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 10_000n, transitBalance: 0n, availableBalance: 10_000n });
    expect(await refusal(inTx((tx) => releaseHold(tx, { reference: 'no-existe' })))).toBe('NOT_FOUND: Retención no encontrada');
    expect(
      await refusal(
        inTx((tx) =>
          settleHold(tx, {
            reference: 'no-existe',
            postings: [
              { accountId: a.id, amountCents: -1n },
              { book: 'spei-clearing', amountCents: 1n },
            ],
          }),
        ),
      ),
    ).toBe('NOT_FOUND: Retención no encontrada');
  });

  it('refuses a hold beyond the available balance, and counts other holds', async () => {
    const a = await business();
    await deposit(a.id, 1_000n);
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 600n, reference: `h-${uniq()}` }));
    expect(await refusal(inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 401n, reference: `h-${uniq()}` })))).toBe(
      'BUSINESS_RULE: Saldo insuficiente',
    );
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 400n, reference: `h-${uniq()}` }));
    expect(await balanceOf(t.database.db, a.id)).toMatchObject({ balance: 1_000n, transitBalance: 1_000n, availableBalance: 0n });
    // Held money cannot be spent by a posted debit either.
    const b = await business();
    expect(
      await refusal(
        inTx((tx) =>
          postTransaction(tx, {
            kind: 'transfer',
            reference: `t-${uniq()}`,
            postings: [
              { accountId: a.id, amountCents: -1n },
              { accountId: b.id, amountCents: 1n },
            ],
          }),
        ),
      ),
    ).toBe('BUSINESS_RULE: Saldo insuficiente');
  });

  it('places a reference once', async () => {
    const a = await business();
    await deposit(a.id, 1_000n);
    const ref = `h-${uniq()}`;
    const first = await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 300n, reference: ref }));
    const again = await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 300n, reference: ref }));
    expect(again).toMatchObject({ created: false, hold: { id: first.hold.id } });
    expect(await refusal(inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 301n, reference: ref })))).toBe(
      'CONFLICT: La referencia de la retención ya existe con otros datos',
    );
    expect((await balanceOf(t.database.db, a.id)).transitBalance).toBe(300n);
  });

  it('settles exactly the held amount from the held account', async () => {
    const a = await business();
    await deposit(a.id, 1_000n);
    const ref = `h-${uniq()}`;
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 300n, reference: ref }));
    expect(
      await refusal(
        inTx((tx) =>
          settleHold(tx, {
            reference: ref,
            postings: [
              { accountId: a.id, amountCents: -299n },
              { book: 'spei-clearing', amountCents: 299n },
            ],
          }),
        ),
      ),
    ).toMatch(/suman -299, se esperaba -300/);
    expect((await getHold(t.database.db, ref))?.status).toBe('held');
  });
});

describe('the database itself refuses', () => {
  it('a customer balance below zero (CHECK, error 23514 → Saldo insuficiente)', async () => {
    const a = await business();
    const err = await inTx((tx) => tx.execute(`UPDATE ledger_accounts SET n_held_cents = 1 WHERE v_uid = '${a.id}'`)).catch((e: unknown) => e);
    const mapped = translateDbError(err);
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).message).toBe('Saldo insuficiente');
    expect((mapped as AppError).status).toBe(422);
  });

  it('a ledger transaction whose postings do not sum to zero (deferred trigger at commit)', async () => {
    const a = await business();
    const tx = randomUUID();
    const err = await inTx(async (q) => {
      await q.execute(`INSERT INTO ledger_transactions (v_uid, v_kind, v_reference) VALUES ('${tx}', 'x', '${tx}')`);
      await q.execute(
        `INSERT INTO ledger_postings (v_uid_transaction, v_uid_account, i_line, n_amount_cents, n_balance_after_cents, n_entry) VALUES ('${tx}', '${a.id}', 0, 5, 5, 1)`,
      );
      await q.execute(`UPDATE ledger_accounts SET n_balance_cents = 5, n_entries = 1 WHERE v_uid = '${a.id}'`);
    }).catch((e: unknown) => e);
    expect(failureText(err)).toMatch(/descuadrado/);
    expect(await t.sql(`SELECT 1 FROM ledger_transactions WHERE v_uid = $1`, [tx])).toHaveLength(0);
  });

  it('a balance changed without a posting behind it', async () => {
    const a = await business();
    await deposit(a.id, 100n);
    const err = await inTx((q) => q.execute(`UPDATE ledger_accounts SET n_balance_cents = n_balance_cents + 50 WHERE v_uid = '${a.id}'`)).catch(
      (e: unknown) => e,
    );
    expect(failureText(err)).toMatch(/sin partida que lo respalde/);
    expect((await balanceOf(t.database.db, a.id)).balance).toBe(100n);
  });

  it('changing or deleting a posted movement, and reopening a settled hold', async () => {
    const a = await business();
    const dep = await deposit(a.id, 100n);
    for (const stmt of [
      `UPDATE ledger_postings SET n_amount_cents = 1 WHERE v_uid_transaction = '${dep.transactionId}'`,
      `DELETE FROM ledger_postings WHERE v_uid_transaction = '${dep.transactionId}'`,
      `UPDATE ledger_transactions SET v_kind = 'otro' WHERE v_uid = '${dep.transactionId}'`,
      `TRUNCATE ledger_postings CASCADE`,
    ]) {
      const err = await inTx((q) => q.execute(stmt)).catch((e: unknown) => e);
      expect(failureText(err), stmt).toMatch(/no se modifican ni se borran/);
    }
    const ref = `h-${uniq()}`;
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 10n, reference: ref }));
    await inTx((tx) => releaseHold(tx, { reference: ref }));
    const err = await inTx((q) => q.execute(`UPDATE ledger_holds SET v_status = 'held' WHERE v_reference = '${ref}'`)).catch((e: unknown) => e);
    expect(failureText(err)).toMatch(/Transición de retención no permitida/);
  });
});

describe('statement', () => {
  const now = async () => new Date((await t.sql<{ n: Date | string }>(`SELECT clock_timestamp() AS n`))[0]!.n);

  it('gives opening balance, the period’s postings in order, and a closing balance equal to the ledger', async () => {
    const a = await business();
    const start = await now();
    await deposit(a.id, 10_000n);
    await deposit(a.id, 5_000n);
    // A JS Date keeps milliseconds, PostgreSQL microseconds: round up past the last deposit.
    const middle = new Date((await now()).getTime() + 1);
    const ref = `SPEI-OUT-${uniq()}`;
    await inTx((tx) => placeHold(tx, { accountId: a.id, amountCents: 3_116n, reference: ref }));
    await inTx((tx) =>
      settleHold(tx, {
        reference: ref,
        postings: [
          { accountId: a.id, amountCents: -3_000n, leg: 'amount' },
          { book: 'spei-clearing', amountCents: 3_000n },
          { accountId: a.id, amountCents: -100n, leg: 'commission' },
          { book: 'commission-income', amountCents: 100n },
          { accountId: a.id, amountCents: -16n, leg: 'iva' },
          { book: 'iva-payable', amountCents: 16n },
        ],
      }),
    );
    const end = new Date((await now()).getTime() + 1);

    const whole = await statement(t.database.db, a.id, start, end);
    expect(whole.openingBalance).toBe(0n);
    expect(whole.entries.map((e) => [e.transaction.kind, e.leg, e.amountCents, e.balanceAfterCents])).toEqual([
      ['deposit', 'amount', 10_000n, 10_000n],
      ['deposit', 'amount', 5_000n, 15_000n],
      ['spei-out', 'amount', -3_000n, 12_000n],
      ['spei-out', 'commission', -100n, 11_900n],
      ['spei-out', 'iva', -16n, 11_884n],
    ]);
    expect(whole).toMatchObject({ closingBalance: 11_884n, credits: 15_000n, debits: -3_116n });
    expect(whole.closingBalance).toBe((await balanceOf(t.database.db, a.id)).balance);

    const second = await statement(t.database.db, a.id, middle, end);
    expect(second.openingBalance).toBe(15_000n);
    expect(second.entries).toHaveLength(3);
    expect(second.closingBalance).toBe(11_884n);

    const first = await statement(t.database.db, a.id, start, middle);
    expect(first).toMatchObject({ openingBalance: 0n, closingBalance: 15_000n });
    expect(first.entries).toHaveLength(2);

    const empty = await statement(t.database.db, a.id, new Date(end.getTime() + 1), new Date(end.getTime() + 2));
    expect(empty).toMatchObject({ openingBalance: 11_884n, closingBalance: 11_884n, entries: [] });
    expect(await refusal(statement(t.database.db, a.id, end, start))).toBe('VALIDATION: El periodo no es válido');
  });
});

describe('provider books', () => {
  it('sum their shards; every account together sums to zero', async () => {
    const books = await bookBalances(t.database.db);
    const [{ total, customers }] = (await t.sql<{ total: string; customers: string }>(
      `SELECT sum(n_balance_cents)::text AS total, coalesce(sum(n_balance_cents) FILTER (WHERE b_customer), 0)::text AS customers FROM ledger_accounts`,
    )) as [{ total: string; customers: string }];
    expect(BigInt(total)).toBe(0n);
    expect(Object.values(books).reduce((s, v) => s + v, 0n)).toBe(-BigInt(customers));
    expect(books['spei-clearing'] < 0n).toBe(true);
  });
});
