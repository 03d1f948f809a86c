import { desc, gt, lt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { EXACT_COUNT_CAP, listTotal, shapedList, toPage } from '../../src/platform/paging';

// The totals of long lists: exact when the page is the last one or the matches are few, the
// planner's estimate (never below what is known) past EXACT_COUNT_CAP.
const numbers = pgTable('paging_numbers', { i: integer('i').notNull() });
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.query('create', 'CREATE TABLE paging_numbers (i integer NOT NULL)', []);
  await database.query('fill', 'INSERT INTO paging_numbers SELECT generate_series(1, 5000)', []);
  await database.query('analyze', 'ANALYZE paging_numbers', []);
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('list totals', () => {
  it('knows the total from a page that is not full, and 0 pages for no records', async () => {
    expect(await listTotal(database.db, numbers, lt(numbers.i, 0), { offset: 0, limit: 10, rows: 0 })).toBe(0);
    expect(toPage([], 0, { Page: 1, Size: 10 })).toMatchObject({ TotalRecords: 0, TotalPages: 0 });
    expect(await listTotal(database.db, numbers, lt(numbers.i, 26), { offset: 20, limit: 10, rows: 5 })).toBe(25);
    expect(toPage([1], 25, { Page: 3, Size: 10 }).TotalPages).toBe(3);
  });

  it('counts exactly up to the cap, also from a full page or past the end', async () => {
    expect(await listTotal(database.db, numbers, lt(numbers.i, 501), { offset: 0, limit: 10, rows: 10 })).toBe(500);
    expect(await listTotal(database.db, numbers, lt(numbers.i, 501), { offset: 900, limit: 10, rows: 0 })).toBe(500);
    expect(await listTotal(database.db, numbers, lt(numbers.i, EXACT_COUNT_CAP + 1), { offset: 0, limit: 10, rows: 10 })).toBe(EXACT_COUNT_CAP);
  });

  it('estimates past the cap, never below what the page proves', async () => {
    const all = await listTotal(database.db, numbers, undefined, { offset: 0, limit: 10, rows: 10 });
    expect(all).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(Math.abs(all - 5_000)).toBeLessThan(500);
    const filtered = await listTotal(database.db, numbers, gt(numbers.i, 2_500), { offset: 0, limit: 10, rows: 10 });
    expect(filtered).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(Math.abs(filtered - 2_500)).toBeLessThan(750);
    expect(await listTotal(database.db, numbers, gt(numbers.i, 2_500), { offset: 9_990, limit: 10, rows: 10 })).toBeGreaterThanOrEqual(10_000);
  });
  it('reuses a plan estimate for the same filter for two seconds, then asks again', async () => {
    const filter = gt(numbers.i, 0);
    const before = await listTotal(database.db, numbers, filter, { offset: 0, limit: 10, rows: 10 });
    await database.query('grow', 'INSERT INTO paging_numbers SELECT generate_series(5001, 25000)', []);
    await database.query('analyze', 'ANALYZE paging_numbers', []);
    expect(await listTotal(database.db, numbers, filter, { offset: 0, limit: 10, rows: 10 })).toBe(before);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await listTotal(database.db, numbers, filter, { offset: 0, limit: 10, rows: 10 })).toBeGreaterThan(20_000);
  });

  it('a shaped list builds its statements once per shape and binds the values on every call', async () => {
    let built = 0;
    const list = shapedList({
      table: numbers,
      where: (shape: { below: boolean }) => {
        built += 1;
        return shape.below ? lt(numbers.i, sql.placeholder('below')) : undefined;
      },
      page: (db, where) => db.select().from(numbers).where(where).orderBy(desc(numbers.i)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
    });
    const first = await list(database.db, { below: true }, { below: 26 }, { limit: 10, offset: 20 });
    expect(first).toEqual({ rows: [5, 4, 3, 2, 1].map((i) => ({ i })), total: 25 });
    const second = await list(database.db, { below: true }, { below: 101 }, { limit: 10, offset: 0 });
    expect(second.rows.map((r) => r.i)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(second.total).toBe(100);
    expect(built).toBe(1);
    // Another shape is another statement; its estimate past the cap is never below what was read.
    const all = await list(database.db, { below: false }, {}, { limit: 10, offset: 0 });
    expect(all.total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(built).toBe(2);
  });
});
