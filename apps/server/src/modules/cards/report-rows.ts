// Reading cards for reports (/report "cards"): one line per card with its cardholder, in keyset batches, and counts per status.
import { CARD_STATUS, CARD_STATUS_NAMES } from '@far/contracts';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedBatches } from '../../platform/batches';
import { fullNameOf, maskedPanOf } from './common';
import { cardholders as h, cards as c } from './schema';

export interface CardReportFilter {
  /** One business's cards (a business always names its own); none: every card, stock included (staff). */
  businessId?: string;
  /** [from, to) instants on the card's creation (Mexico City day bounds). */
  from?: Date;
  to?: Date;
  status?: number;
}

/** What a report may show of a card: never the PAN, only its masked first 6 / last 4. */
export interface CardReportRow {
  maskedPan: string;
  cardIdentifier: string;
  cardholderIdentifier: string | null;
  cardholderName: string | null;
  status: string;
  blocked: boolean;
  referenceBatch: string;
  /** «Virtual» or «Física». */
  kind: string;
  createdAt: Date;
  activatedAt: Date | null;
}

function where(f: CardReportFilter): SQL | undefined {
  return and(
    f.businessId ? eq(c.v_uid_business, f.businessId) : undefined,
    f.from ? gte(c.d_create_at, f.from) : undefined,
    f.to ? lt(c.d_create_at, f.to) : undefined,
    f.status !== undefined ? eq(c.i_status, f.status) : undefined,
  );
}

type Key = { at: string; id: string };

/** The matching cards oldest first, in keyset batches; the encrypted PAN, CVV and PIN are not even read. */
export async function* cardReportBatches(db: DbOrTx, f: CardReportFilter, size?: number): AsyncGenerator<CardReportRow[]> {
  const page = (after: Key | null, n: number) =>
    db
      .select({
        id: c.v_uid,
        at: sql<string>`${c.d_create_at}::text`,
        first6: c.v_pan_first6,
        last4: c.v_pan_last4,
        identifier: c.v_card_identifier,
        status: c.i_status,
        blocked: c.b_blocked,
        batch: c.v_reference_batch,
        virtual: c.b_virtual,
        createdAt: c.d_create_at,
        activatedAt: c.d_activated_at,
        holderIdentifier: h.v_identifier,
        names: h.v_names,
        last1: h.v_last_name_1,
        last2: h.v_last_name_2,
      })
      .from(c)
      .leftJoin(h, eq(h.v_uid, c.v_uid_cardholder))
      .where(and(where(f), after ? sql`(${c.d_create_at}, ${c.v_uid}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
      .orderBy(asc(c.d_create_at), asc(c.v_uid))
      .limit(n);
  for await (const batch of pagedBatches(page, (x) => ({ at: x.at, id: x.id }), size)) {
    yield batch.map((x) => ({
      maskedPan: maskedPanOf({ v_pan_first6: x.first6, v_pan_last4: x.last4 }),
      cardIdentifier: x.identifier,
      cardholderIdentifier: x.holderIdentifier,
      cardholderName: x.names === null ? null : fullNameOf({ v_names: x.names, v_last_name_1: x.last1 ?? '', v_last_name_2: x.last2 }),
      status: CARD_STATUS_NAMES[x.status] ?? String(x.status),
      blocked: x.blocked,
      referenceBatch: x.batch,
      kind: x.virtual ? 'Virtual' : 'Física',
      createdAt: x.createdAt,
      activatedAt: x.activatedAt,
    }));
  }
}

/** Cards per status (every status, zeros included), in status order. */
export async function cardReportCounts(db: DbOrTx, f: CardReportFilter) {
  const rows = await db
    .select({ status: c.i_status, n: sql<number>`count(*)::int`, virtual: sql<number>`count(*) FILTER (WHERE ${c.b_virtual})::int` })
    .from(c)
    .where(where(f))
    .groupBy(c.i_status);
  const by = new Map(rows.map((r) => [r.status, r]));
  return Object.values(CARD_STATUS)
    .filter((s) => f.status === undefined || s === f.status)
    .map((s) => ({ status: CARD_STATUS_NAMES[s]!, count: Number(by.get(s)?.n ?? 0), virtual: Number(by.get(s)?.virtual ?? 0) }));
}
