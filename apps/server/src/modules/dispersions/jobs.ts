/** The dispersion jobs: the start on a PaymentDay, and the chunks of a running dispersion; and the row-outcome listener. */
import { registerJobHandler } from '../jobs';
import { speiOutOutcome } from '../spei';
import { RUN_JOB, START_JOB, onRowOutcome, runChunk, startDispersion } from './service';
import { dispersions } from './schema';
import { eq } from 'drizzle-orm';

export function registerDispersionJobs(): void {
  speiOutOutcome.listen(onRowOutcome);
  registerJobHandler(START_JOB, async (tx, payload, { now }) => {
    const id = String(payload.dispersionId);
    // A day changed after scheduling leaves the old day's job with nothing to do.
    const [d] = await tx.select({ day: dispersions.d_payment_day }).from(dispersions).where(eq(dispersions.v_uid, id));
    if (!d || d.day !== payload.paymentDay) return;
    await startDispersion(tx, id, now, 'day');
  });
  registerJobHandler(RUN_JOB, async (tx, payload, { now }) => {
    await runChunk(tx, String(payload.dispersionId), Number(payload.gen), now);
  });
}
