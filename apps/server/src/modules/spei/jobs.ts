/** The SPEI background jobs: submission of accepted orders (one, or a dispersion chunk's batch) and delivery of rail events. */
import { assertBusinessActive, findBusinessByAccountNumber } from '../businesses';
import { registerJobHandler } from '../jobs';
import { receiveIncomingSpei } from './incoming';
import { applyRailEvent, submitSpeiOut, submitSpeiOutBatch } from './rail-events';
import { SUBMIT_BATCH_JOB, SUBMIT_JOB } from './order';
import { RAIL_EVENT_JOB, SANDBOX_RETURN_REASON, sandboxTrackingKey, type RailEvent, type SpeiRail } from './rail';
import { RAIL_EVENT_STATE, dayOrderOf, recordSandboxOrder } from './day-record';
import type { Tx } from '../../db/client';

/** The sandbox applies its event and writes down the outcome in its own record (what reconciliation reads). */
async function sandboxOutcome(tx: Tx, event: RailEvent, now: Date) {
  const result = await applyRailEvent(tx, event, now);
  const m = result.movement;
  if (result.applied && m) await recordSandboxOrder(tx, m.d_operation_date, { ...dayOrderOf(m), state: RAIL_EVENT_STATE[event.type] });
  return result;
}

export function registerSpeiJobs(rail: SpeiRail): void {
  registerJobHandler(SUBMIT_JOB, async (tx, payload, { now }) => {
    await submitSpeiOut(tx, rail, String(payload.movementId), now);
  });
  registerJobHandler(SUBMIT_BATCH_JOB, async (tx, payload, { now }) => {
    await submitSpeiOutBatch(tx, rail, payload.movementIds as string[], now);
  });

  registerJobHandler(RAIL_EVENT_JOB, async (tx, payload, { now }) => {
    const event = payload as unknown as RailEvent;
    if (event.type !== 'settle' || !event.deliverInternal || !event.beneficiaryClabe) {
      await sandboxOutcome(tx, event, now);
      return;
    }
    // The sandbox delivers an order to a CLABE of this provider as an incoming SPEI to that
    // business; when that business can no longer receive money the order comes back instead.
    const target = await findBusinessByAccountNumber(tx, event.beneficiaryClabe);
    const active = target
      ? await assertBusinessActive(tx, target.v_client).then(
          () => true,
          () => false,
        )
      : false;
    if (!active) {
      await sandboxOutcome(
        tx,
        { ...event, type: 'return', reason: SANDBOX_RETURN_REASON, returnTrackingKey: await sandboxTrackingKey(tx, 'SBXDEV', event.operationDate) },
        now,
      );
      return;
    }
    const result = await sandboxOutcome(tx, event, now);
    const m = result.movement;
    if (!result.applied || !m) return;
    const incoming = await receiveIncomingSpei(
      tx,
      {
        beneficiaryClabe: m.v_beneficiary_clabe!,
        amount: m.n_amount_cents,
        senderName: m.v_source_name ?? '',
        senderClabe: m.v_source_clabe!,
        concept: m.v_concept ?? '',
        reference: m.v_reference ?? undefined,
        trackingKey: m.v_tracking_key!,
        operationDate: m.d_operation_date,
      },
      null,
    );
    await recordSandboxOrder(tx, m.d_operation_date, dayOrderOf(incoming.movement));
  });
}
