/** Demo money (embedded demo only): beneficiary accounts and an opening SPEI in for the demo businesses. */
import { buildClabe } from '@far/contracts';
import type { Db } from '../../db/client';
import { businessByClient, businessName } from '../businesses';
import { findUserByEmail } from '../users';
import { clabeAccounts } from './schema';
import { receiveIncomingSpei } from './incoming';
import { sandboxTrackingKey } from './rail';
import { dayOrderOf, recordSandboxOrder } from './day-record';
import { mexicoDate } from '../../platform/mexico-time';

const DEMO = [
  {
    email: 'empresa@demo.mx',
    opening: 5_000_000n,
    sender: 'Cliente Mayorista SA de CV',
    missed: { amount: 125_000n, sender: 'Distribuidora del Bajio SA de CV', concept: 'Pago factura 1043' },
    accounts: [
      { alias: 'Proveedor sandbox', holder: 'Proveedor Sandbox SA de CV', clabe: buildClabe('990', '180', '00000000001'), limit: null },
      { alias: 'Cuenta que devuelve', holder: 'Cuenta Devuelve Sandbox', clabe: buildClabe('991', '180', '00000000002'), limit: null },
      { alias: 'Nomina BBVA', holder: 'Juan Perez Lopez', clabe: buildClabe('012', '180', '00123456789'), limit: 2_000_000n },
    ],
  },
  { email: 'negocio@demo.mx', opening: 500_000n, sender: 'Comercial del Centro SA', accounts: [], missed: null },
] as const;

export async function seedSpeiDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const d of DEMO) {
      const user = await findUserByEmail(tx, d.email);
      const business = user ? await businessByClient(tx, user.v_client) : undefined;
      if (!business) continue;
      for (const a of d.accounts) {
        await tx
          .insert(clabeAccounts)
          .values({
            v_uid_business: business.v_uid,
            v_alias: a.alias,
            v_account_holder_name: a.holder,
            v_clabe: a.clabe,
            v_bank_code: a.clabe.slice(0, 3),
            v_bank_name: a.clabe.startsWith('990') ? 'SANDBOX LIQUIDA' : a.clabe.startsWith('991') ? 'SANDBOX DEVUELVE' : 'BBVA Mexico',
            n_daily_transfer_limit_cents: a.limit,
          })
          .onConflictDoNothing();
      }
      const operationDate = mexicoDate(new Date());
      const opening = await receiveIncomingSpei(
        tx,
        {
          beneficiaryClabe: business.v_account_number,
          amount: d.opening,
          senderName: d.sender,
          senderClabe: buildClabe('012', '180', '09876543210'),
          concept: 'Fondeo inicial',
          reference: '1',
          trackingKey: await sandboxTrackingKey(tx, 'SBXIN', operationDate),
          operationDate,
        },
        null,
        // Demo history, not an event: no notice or e-mail for the opening balance.
        { quiet: true },
      );
      await recordSandboxOrder(tx, operationDate, dayOrderOf(opening.movement));
      if (d.missed) {
        // An order the sandbox delivered whose credit never reached the ledger: what «Conciliación SPEI» finds.
        await recordSandboxOrder(tx, operationDate, {
          direction: 'R',
          trackingKey: await sandboxTrackingKey(tx, 'SBXIN', operationDate),
          bankCode: '012',
          amountCents: d.missed.amount,
          state: 'liquidada',
          beneficiaryClabe: business.v_account_number,
          beneficiaryName: businessName(business),
          sourceClabe: buildClabe('012', '180', '05550001234'),
          sourceName: d.missed.sender,
          concept: d.missed.concept,
          reference: '1043',
        });
      }
    }
  });
}
