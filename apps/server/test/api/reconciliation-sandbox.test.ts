/**
 * «Conciliación SPEI» on the sandbox rail (issue 24 §5): the sandbox's own record against the
 * ledger. The demo seed leaves one incoming order the sandbox carried and the ledger never got;
 * orders the sandbox settles, returns or delivers reconcile without lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, CLABE, demoBusiness, deposit, moneyCall, noLimits, runJobs, speiOut } from '../money/money';
import { SUPER, TECHFAR } from '../helpers';
import type { TestApp } from '../helpers';
import { createTestApp } from '../helpers';
import { mexicoDate } from '../../src/platform/mexico-time';

let t: TestApp;
const today = mexicoDate(new Date());
const base = '/api/v1/transaction/spei-reconciliation';

beforeAll(async () => {
  t = await createTestApp();
  const b = await demoBusiness(t);
  await noLimits(t, b);
  await deposit(t, b.id, '3000.00');
}, 120_000);
afterAll(() => t.close());

const run = async () => {
  const res = await t.call(SUPER, { method: 'POST', url: `${base}/run`, payload: { Day: today } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { Run: Record<string, unknown>; Lines: Array<Record<string, unknown>> };
};

describe('the sandbox day', () => {
  it("finds the demo's missed incoming transfer, and nothing for what the sandbox carried", async () => {
    for (const clabe of [CLABE.settles, CLABE.returns]) {
      const res = await speiOut(t, BUSINESS, { Clabe: clabe, BeneficiaryName: 'Proveedor Sandbox', Amount: '15.00' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const incoming = await moneyCall(t, TECHFAR, {
      method: 'POST',
      url: '/api/v1/transaction/spei/sandbox/incoming',
      payload: { Clabe: (await demoBusiness(t)).clabe, Amount: '40.00', SenderName: 'Cliente Sandbox', Concept: 'Pago' },
    });
    expect(incoming.statusCode, incoming.body).toBe(200);
    await runJobs(t);
    await runJobs(t, 3_600_000);
    const day = await run();
    expect(day.Run).toMatchObject({ Rail: 'sandbox', RailName: 'Sandbox', Status: 'completa', SentRail: 2, SentLedger: 2 });
    expect(day.Run.ReceivedRail).toBe((day.Run.ReceivedLedger as number) + 1);
    expect(day.Lines).toEqual([
      expect.objectContaining({
        Kind: 'falta_en_libro',
        Direction: 'R',
        RailAmount: '1250.00',
        Counterparty: 'Distribuidora del Bajio SA de CV',
        CanCredit: true,
      }),
    ]);
  });

  it('the operator marks it reviewed; the super admin could have credited it', async () => {
    const [line] = (await run()).Lines;
    const res = await t.call(TECHFAR, { method: 'POST', url: `${base}/line/${line!.Id}/review`, payload: { Comment: 'Se confirmó con el banco ordenante' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ Status: 'revisada', StatusName: 'Revisada' });
    expect((await run()).Lines).toEqual([expect.objectContaining({ Id: line!.Id, Status: 'revisada' })]);
  });
});
