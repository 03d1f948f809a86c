import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';

// The embedded database in a worker thread (db/pglite-thread.ts) behaves as PGlite in this one:
// rows and types, errors with their code, transactions that commit, roll back and hold the lock,
// LISTEN/NOTIFY.
const notes = pgTable('thread_notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  cents: text('cents'),
});
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ thread: true });
  await database.db.execute(sql`CREATE TABLE thread_notes (id integer PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL, cents text)`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('PGlite in a worker thread', () => {
  it('reads and writes through drizzle with the same types as in one thread', async () => {
    const at = new Date('2026-11-26T12:34:56.789Z');
    await database.db.insert(notes).values({ id: 1, body: 'año ñ ✓', at, cents: '123456789012345678' });
    const [row] = await database.db.select().from(notes).where(eq(notes.id, 1));
    expect(row).toEqual({ id: 1, body: 'año ñ ✓', at, cents: '123456789012345678' });
    const [big] = await database.query<{ n: bigint | string }>('n', 'SELECT 9007199254740993::int8 AS n', []);
    expect(String(big!.n)).toBe('9007199254740993');
  });

  it('brings back a database error with its code and constraint, and the thread goes on', async () => {
    const err = await database.db
      .insert(notes)
      .values({ id: 1, body: 'x', at: new Date() })
      .catch((e: unknown) => e as Error & { cause?: { code?: string; constraint?: string } });
    expect(err).toBeInstanceOf(Error);
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('thread_notes_pkey');
    expect((await database.db.select().from(notes)).length).toBe(1);
  });

  it('commits a transaction, rolls back one that fails, and keeps other statements out while one is open', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, body: 'dos', at: new Date() });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: 'tres', at: new Date() });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await database.db.select({ id: notes.id }).from(notes).orderBy(notes.id)).map((r) => r.id)).toEqual([1, 2]);

    // A read sent while a transaction is open waits for it: it sees the committed row, never half of it.
    let release!: () => void;
    const open = database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 4, body: 'cuatro', at: new Date() });
      await new Promise<void>((r) => (release = r));
      await tx.update(notes).set({ body: 'cuatro, terminado' }).where(eq(notes.id, 4));
    });
    await new Promise((r) => setTimeout(r, 50));
    const read = database.db.select({ body: notes.body }).from(notes).where(eq(notes.id, 4));
    release();
    await open;
    expect(await read).toEqual([{ body: 'cuatro, terminado' }]);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const got: string[] = [];
    const stop = await database.pglite!.listen('thread_test', (payload) => got.push(payload));
    await database.query('notify', "SELECT pg_notify('thread_test', 'hola')", []);
    await new Promise((r) => setTimeout(r, 100));
    await stop();
    await database.query('notify', "SELECT pg_notify('thread_test', 'adiós')", []);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['hola']);
  });
});
