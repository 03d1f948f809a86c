/**
 * The STP adapter of the SpeiRail interface. Inside the submission job's transaction it sends
 * nothing: it writes each order's STP fields to stp_orders ('cola') and answers accepted, so the
 * order's row lock and the job's transaction never wait on STP. The dispatcher (dispatch.ts) sends
 * them outside any transaction and records what STP answered.
 */
import { pgArray } from '../../db/arrays';
import { sql } from 'drizzle-orm';
import type { StpConfig } from '../../config';
import type { RailAck, RailOrder, SpeiRail } from '../spei';
import { orderFields } from './cadena';
import { stpOrders } from './schema';

export function stpRail(config: StpConfig): SpeiRail {
  const rail: SpeiRail = {
    name: 'stp',
    async submitOrder(tx, order, now) {
      return (await rail.submitOrders(tx, [order], now))[0]!;
    },
    async submitOrders(tx, orders, now) {
      const acks: RailAck[] = [];
      const queued: Array<{ order: RailOrder; fields: Record<string, string | number> }> = [];
      for (const order of orders) {
        try {
          queued.push({ order, fields: orderFields(order, config.cuentaOrdenante) });
          acks.push({ accepted: true, railId: '' });
        } catch (err) {
          acks.push({ accepted: false, reason: (err as Error).message });
        }
      }
      if (queued.length === 0) return acks;
      // One insert for the batch; a re-run of the job finds the rows already there and keeps them.
      await tx.execute(sql`
        INSERT INTO ${stpOrders} (v_uid_movement, v_clave_rastreo, d_operation_date, t_order, d_next_at)
        SELECT id, clave, fecha, fields, ${now.toISOString()}::timestamptz
          FROM unnest(${pgArray(queued.map((q) => q.order.movementId))}::uuid[], ${pgArray(queued.map((q) => q.order.trackingKey))}::text[],
                      ${pgArray(queued.map((q) => q.order.operationDate))}::date[], ${pgArray(queued.map((q) => JSON.stringify(q.fields)))}::jsonb[]) AS x(id, clave, fecha, fields)
        ON CONFLICT DO NOTHING`);
      return acks;
    },
  };
  return rail;
}
