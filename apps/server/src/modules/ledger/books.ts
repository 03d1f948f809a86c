// The provider's own books: ids, codes, shards, balances (conventions in shared.ts).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from './schema';

/**
 * The provider's own books. Each is split into BOOK_SHARDS accounts so that movements of
 * different customers do not all queue on one row lock; a book's balance is the sum of its
 * shards. Their ids are fixed (the migration 'ledger_guards' creates them) and a movement picks
 * the shard from its customer account, so one customer always uses the same shard.
 */
export const PROVIDER_BOOKS = {
  'commission-income': { index: 1, name: 'Ingresos por comisiones' },
  'iva-payable': { index: 2, name: 'IVA por pagar' },
  'spei-clearing': { index: 3, name: 'Compensación SPEI' },
  'settlement-in-transit': { index: 4, name: 'Liquidación en tránsito' },
  /** Provisional credits of card disputes fronted by the provider, until the network's chargeback or the loss returns them. */
  'card-disputes': { index: 5, name: 'Disputas de tarjetas' },
} as const;
export type ProviderBook = keyof typeof PROVIDER_BOOKS;
export const PROVIDER_BOOK_NAMES = Object.keys(PROVIDER_BOOKS) as ProviderBook[];
export const BOOK_SHARDS = 16;

/** 00000000-0000-4000-8000-000000000305 is shard 5 of book 3 (spei-clearing). */
export function bookAccountId(book: ProviderBook, shard: number): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= BOOK_SHARDS) throw new RangeError(`shard fuera de rango: ${shard}`);
  return `00000000-0000-4000-8000-${(PROVIDER_BOOKS[book].index * 256 + shard).toString(16).padStart(12, '0')}`;
}
export const bookAccountCode = (book: ProviderBook, shard: number) => `PROVIDER:${book}:${String(shard).padStart(2, '0')}`;

/** FNV-1a over the text, reduced to a shard number. Deterministic across processes. */
export function shardFor(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % BOOK_SHARDS;
}

/** Creates any missing provider book account (idempotent; the migration already does it). */
export async function ensureProviderBooks(db: DbOrTx): Promise<void> {
  const values = PROVIDER_BOOK_NAMES.flatMap((book) =>
    Array.from({ length: BOOK_SHARDS }, (_, shard) => ({
      v_uid: bookAccountId(book, shard),
      v_code: bookAccountCode(book, shard),
      v_owner_kind: 'provider' as const,
      v_owner: book,
      v_name: `${PROVIDER_BOOKS[book].name} #${shard}`,
      b_customer: false,
    })),
  );
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
}

/** Balance of each provider book (sum of its shards). */
export async function bookBalances(db: DbOrTx): Promise<Record<ProviderBook, bigint>> {
  const rows = await db
    .select({ book: ledgerAccounts.v_owner, total: sql<string>`coalesce(sum(${ledgerAccounts.n_balance_cents}), 0)::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.v_owner_kind, 'provider'))
    .groupBy(ledgerAccounts.v_owner);
  const out = Object.fromEntries(PROVIDER_BOOK_NAMES.map((b) => [b, 0n])) as Record<ProviderBook, bigint>;
  for (const r of rows) if (r.book in out) out[r.book as ProviderBook] = BigInt(r.total);
  return out;
}
