/**
 * Creation batches under failure and competition: a chunk cut by a crash (its transaction rolled
 * back) is worked again without duplicates, and two servers' job runners on one PostgreSQL never
 * work the same batch twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { runBatchChunk, cardKeys } from '../../src/modules/cards';
import { runDueJobs } from '../../src/modules/jobs';
import { SUPER, createTestApp, type TestApp } from '../helpers';
import { pgUrlFor } from '../config';
import { post } from './cards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.database.pool?.on('error', () => undefined);
});
afterAll(() => t.close());

const generate = async (n: number) => {
  const res = await post(t, SUPER, '/api/v1/cards/action/generate', { Count: n });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ReferenceBatch as string;
};
const cardsOf = async (ref: string) => Number((await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM cards WHERE v_reference_batch = $1`, [ref]))[0]!.n);
const batch = async (ref: string) => (await post(t, SUPER, '/api/v1/cards/cardbatchcreations/query/getbyreferencebatch', { ReferenceBatch: ref })).json().data;

describe('creation batches', () => {
  it('resume after a crash in the middle of a chunk and finish without duplicate cards', async () => {
    const ref = await generate(2_500);
    const keys = cardKeys(t.config.cardKey);
    // The crash: a chunk's work is rolled back as if the process died before committing.
    await t.database.db
      .transaction(async (tx) => {
        await runBatchChunk(tx, keys, ref, new Date());
        throw new Error('crash');
      })
      .catch((e: Error) => expect(e.message).toBe('crash'));
    expect(await cardsOf(ref)).toBe(0);
    await runDueJobs(t.database.db, new Date(Date.now() + 1000));
    expect(await batch(ref)).toMatchObject({ TotalRecords: 2_500, CreatedRecords: 2_500, FailedRecords: 0, Status: 'COMPLETED' });
    expect(await cardsOf(ref)).toBe(2_500);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('are worked once when two servers run their jobs at the same time', async () => {
    const ref = await generate(6_000);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = (await t.sql<{ d: string }>('SELECT current_database() AS d'))[0]!.d;
    const other: Database = await openDatabase({ databaseUrl: pgUrlFor(url.toString(), name), poolSize: 4 });
    other.pool?.on('error', () => undefined);
    try {
      const at = new Date(Date.now() + 1000);
      await Promise.all([runDueJobs(t.database.db, at), runDueJobs(other.db, at), runDueJobs(t.database.db, at)]);
      await runDueJobs(t.database.db, at);
    } finally {
      await other.close();
    }
    expect(await batch(ref)).toMatchObject({ TotalRecords: 6_000, CreatedRecords: 6_000, FailedRecords: 0, Status: 'COMPLETED' });
    expect(await cardsOf(ref)).toBe(6_000);
    expect(Number((await t.sql<{ n: string }>(`SELECT count(DISTINCT v_pan_hash)::text AS n FROM cards WHERE v_reference_batch = $1`, [ref]))[0]!.n)).toBe(
      6_000,
    );
  });
});
