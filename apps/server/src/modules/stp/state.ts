// What staff and businesses see of the rail: its state on the dashboard, and a CLABE's registration.
import { formatDateTime, type ClabeRegistration, type SpeiRailState } from '@far/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { stpAccountState } from './accounts';
import { stpAccounts, stpOrders, stpRailState } from './schema';

const when = (d: Date | null | undefined) => (d ? formatDateTime(d) : null);

export async function railState(db: DbOrTx, config: Config): Promise<SpeiRailState> {
  if (config.speiRail !== 'stp') {
    return {
      Rail: 'sandbox',
      RailName: 'Sandbox (simulado)',
      StateName: 'Disponible',
      Available: true,
      LastOk: null,
      LastFailure: null,
      LastError: null,
      Queued: 0,
      Unconfirmed: 0,
      OldestWaiting: null,
      AccountsPending: 0,
    };
  }
  const [state] = await db.select().from(stpRailState).where(eq(stpRailState.v_id, 'stp'));
  const [orders] = await db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${stpOrders.v_status} IN ('cola', 'enviando'))::int`,
      unconfirmed: sql<number>`count(*) FILTER (WHERE ${stpOrders.v_status} = 'por_confirmar')::int`,
      oldest: sql<string | null>`min(${stpOrders.d_create_at})::text`,
    })
    .from(stpOrders)
    .where(sql`${stpOrders.v_status} IN ('cola', 'enviando', 'por_confirmar')`);
  const [accounts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stpAccounts)
    .where(sql`${stpAccounts.v_status} IN ('pendiente', 'baja_pendiente')`);
  const lastOk = state?.d_last_ok ?? null;
  const lastFailure = state?.d_last_failure ?? null;
  const down = lastFailure !== null && (lastOk === null || lastFailure > lastOk);
  return {
    Rail: 'stp',
    RailName: 'STP',
    StateName: down ? 'Sin respuesta' : lastOk ? 'Disponible' : 'Sin actividad',
    Available: !down,
    LastOk: when(lastOk),
    LastFailure: when(lastFailure),
    LastError: down ? (state?.v_last_error ?? null) : null,
    Queued: orders?.queued ?? 0,
    Unconfirmed: orders?.unconfirmed ?? 0,
    OldestWaiting: orders?.oldest ? formatDateTime(new Date(orders.oldest)) : null,
    AccountsPending: accounts?.n ?? 0,
  };
}

export async function clabeRegistration(db: DbOrTx, config: Config, clabe: string): Promise<ClabeRegistration> {
  if (config.speiRail !== 'stp')
    return { Clabe: clabe, Rail: 'sandbox', Registered: false, StatusName: 'No requiere registro (riel sandbox)', RegisteredAt: null, LastError: null };
  const a = await stpAccountState(db, clabe);
  const StatusName =
    a?.v_status === 'registrada'
      ? 'Registrada en STP'
      : a?.v_status === 'baja' || a?.v_status === 'baja_pendiente'
        ? 'Dada de baja en STP'
        : 'Registro en STP pendiente';
  return {
    Clabe: clabe,
    Rail: 'stp',
    Registered: a?.v_status === 'registrada',
    StatusName,
    RegisteredAt: when(a?.d_registered_at),
    LastError: a?.v_status === 'pendiente' ? a.v_last_error : null,
  };
}
