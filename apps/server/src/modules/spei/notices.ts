// The notices of SPEI events, to every user of the business (and its webhooks), in the event's transaction.
import { amountOut, formatCurrency } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { notifyClient } from '../notifications';
import type { MovementRow } from './movement';

type SpeiKind = 'spei.settled' | 'spei.returned' | 'spei.rejected' | 'deposit.received';

function wording(kind: SpeiKind, m: MovementRow): { title: string; body: string } {
  const amount = formatCurrency(m.n_amount_cents);
  const key = m.v_tracking_key ? ` (clave de rastreo ${m.v_tracking_key})` : '';
  switch (kind) {
    case 'spei.settled':
      return { title: 'Transferencia SPEI liquidada', body: `Tu transferencia de ${amount} a ${m.v_beneficiary_name ?? 'el beneficiario'} se liquidó${key}.` };
    case 'spei.returned':
      return {
        title: 'Transferencia SPEI devuelta',
        body: `Tu transferencia de ${amount} a ${m.v_beneficiary_name ?? 'el beneficiario'} fue devuelta${key}: ${m.v_error_detail ?? 'sin motivo'}. El monto regresó a tu saldo.`,
      };
    case 'spei.rejected':
      return {
        title: 'Transferencia SPEI rechazada',
        body: `Tu transferencia de ${amount} a ${m.v_beneficiary_name ?? 'el beneficiario'} fue rechazada${key}: ${m.v_error_detail ?? 'sin motivo'}. El monto retenido se liberó.`,
      };
    case 'deposit.received':
      return { title: 'Depósito recibido', body: `Recibiste ${amount}${m.v_source_name ? ` de ${m.v_source_name}` : ''}${key}.` };
  }
}

/**
 * Orders of a dispersion are not notified one by one: the dispersion's own "finished" notice
 * (with its counts) covers them. A wallet's movements are notified by the wallet module (its
 * hooks of spei/wallet.ts) with the wallet's own kinds, so they are skipped here.
 */
export async function notifyMovement(db: DbOrTx, kind: SpeiKind, m: MovementRow): Promise<void> {
  if (m.v_uid_dispersion || m.v_client.startsWith('WAL')) return;
  const { title, body } = wording(kind, m);
  await notifyClient(db, m.v_client, {
    kind,
    title,
    body,
    link: `/movement?uid=${m.v_uid}`,
    eventKey: `${m.v_uid}:${kind}`,
    data: {
      movementId: m.v_uid,
      type: m.v_type,
      status: m.i_status,
      amount: amountOut(m.n_amount_cents),
      commission: amountOut(m.n_commission_cents),
      iva: amountOut(m.n_iva_cents),
      total: amountOut(m.n_total_cents),
      trackingKey: m.v_tracking_key,
      operationDate: m.d_operation_date,
      reason: m.v_error_detail,
    },
  });
}
