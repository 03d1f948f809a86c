// The property tests' loop: each generated sequence runs in a transaction that is rolled back, so
// the 1,000 runs leave the database as they found it. Answers how many sequences ran.
import fc from 'fast-check';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from '../../src/db/client';

export async function rolledBackRuns<T>(db: Db, sequences: fc.Arbitrary<T>, run: (tx: Tx, value: T) => Promise<void>, numRuns = 1000): Promise<number> {
  let ran = 0;
  await fc.assert(
    fc.asyncProperty(sequences, async (value) => {
      ran += 1;
      try {
        await db.transaction(async (tx) => {
          await run(tx, value);
          tx.rollback();
        });
      } catch (err) {
        if (!(err instanceof TransactionRollbackError)) throw err;
      }
    }),
    { numRuns },
  );
  return ran;
}
