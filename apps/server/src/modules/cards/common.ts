/** What the cards module's service files share: the card answer, cursors, tenant lookups. */
import { CARD_STATUS_NAMES, DEFAULT_CARD_CONTROLS, amountOut, maskPan, type Card, type CardControls, type Cardholder } from '@far/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { businessForActor, type BusinessRow } from '../businesses';
import { cardholders, cards } from './schema';

export type CardRow = typeof cards.$inferSelect;
export type CardholderRow = typeof cardholders.$inferSelect;

export const CARD_NOT_FOUND = 'Tarjeta no encontrada';
export const CARDHOLDER_NOT_FOUND = 'Tarjetahabiente no encontrado';

/** Staff name the business (BusinessId); a business always gets its own, another's id answers 404. */
export const businessFor = (db: DbOrTx, actor: Actor, businessId: string | undefined): Promise<BusinessRow> =>
  businessForActor(db, actor, businessId, { field: 'BusinessId' });

export const fullNameOf = (h: Pick<CardholderRow, 'v_names' | 'v_last_name_1' | 'v_last_name_2'>) =>
  [h.v_names, h.v_last_name_1, h.v_last_name_2].filter(Boolean).join(' ');

export const controlsOf = (c: Pick<CardRow, 't_controls'>): CardControls => ({ ...DEFAULT_CARD_CONTROLS, ...(c.t_controls as Partial<CardControls> | null) });
export const maskedPanOf = (c: Pick<CardRow, 'v_pan_first6' | 'v_pan_last4'>) => maskPan(c.v_pan_first6, c.v_pan_last4);

const centsOut = (v: string | null | undefined) => (v == null ? null : amountOut(BigInt(v)));

export function cardOut(c: CardRow, h?: CardholderRow | null): Card {
  return {
    CompositeSortKey: `${c.v_reference_batch}#${c.v_card_identifier}`,
    CardIdentifier: c.v_card_identifier,
    CardholderIdentifier: h?.v_identifier ?? null,
    UserType: c.i_user_type,
    FullName: h ? fullNameOf(h) : null,
    Email: h?.v_email ?? null,
    IsBlocked: c.b_blocked,
    IsTurnedOff: c.b_turned_off,
    Status: c.i_status,
    StatusName: CARD_STATUS_NAMES[c.i_status] ?? String(c.i_status),
    CreatedAt: iso(c.d_create_at)!,
    ActivatedAt: iso(c.d_activated_at),
    ReferenceBatch: c.v_reference_batch,
    Payload: {
      MaskedPan: maskedPanOf(c),
      Last4: c.v_pan_last4,
      ValidDate: c.v_valid_date,
      CardType: c.v_card_type,
      Controls: controlsOf(c),
      ReplacedBy: c.v_replaced_by,
      ReplacementOf: c.v_replacement_of,
      IsVirtual: c.b_virtual,
      SingleUse: c.b_single_use,
      MerchantLock: c.v_merchant_lock,
      LockToFirstMerchant: c.b_lock_first_merchant,
      Limits: {
        PerTransaction: centsOut(c.t_limits?.perTransaction),
        Daily: centsOut(c.t_limits?.daily),
        Monthly: centsOut(c.t_limits?.monthly),
      },
    },
    CustomerId: c.v_customer_id,
    BusinessId: c.v_uid_business,
  };
}

export function cardholderOut(h: CardholderRow, cardsCount = 0): Cardholder {
  return {
    Id: h.v_uid,
    BusinessId: h.v_uid_business,
    CardholderIdentifier: h.v_identifier,
    Names: h.v_names,
    LastName: h.v_last_name_1,
    SecondLastName: h.v_last_name_2,
    FullName: fullNameOf(h),
    Email: h.v_email,
    PhoneCode: h.v_phone_code,
    CellPhone: h.v_cell_phone,
    MobileLinked: h.b_mobile_linked,
    Curp: h.v_curp,
    Rfc: h.v_rfc,
    BirthDate: h.d_birth_date,
    IsLocked: h.b_locked,
    CardsCount: cardsCount,
    CreatedAt: iso(h.d_create_at)!,
    UpdatedAt: iso(h.d_update_at)!,
  };
}

/** An opaque cursor: the sort key of the last row, base64url JSON. */
export const encodeToken = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
export function decodeToken(token: string | undefined, length: number): string[] | null {
  if (!token) return null;
  try {
    const key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === length && key.every((k) => typeof k === 'string')) return key as string[];
  } catch {
    /* falls through to the refusal */
  }
  throw new AppError('VALIDATION', 'PaginationToken no válido', {
    errors: [{ field: 'PaginationToken', key: 'invalid', message: 'PaginationToken no válido' }],
  });
}

/** A page of `size` read with one extra row: the token is given only when there is more. */
export function tokenPage<R, T>(rows: R[], size: number, out: (r: R) => T, key: (r: R) => unknown[]) {
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  return { Records: page.map(out), PaginationToken: more ? encodeToken(key(page[page.length - 1]!)) : null };
}

/** A card of the business (staff: of the named business, or any card when none is named and `anyForStaff`). */
export async function cardOf(db: DbOrTx, business: BusinessRow | null, identifier: string, opts: { forUpdate?: boolean } = {}): Promise<CardRow> {
  const q = db
    .select()
    .from(cards)
    .where(and(eq(cards.v_card_identifier, identifier), business ? eq(cards.v_uid_business, business.v_uid) : undefined));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound(CARD_NOT_FOUND);
  return row;
}

export async function cardholderOf(db: DbOrTx, businessId: string, identifier: string, opts: { forUpdate?: boolean } = {}): Promise<CardholderRow> {
  const q = db
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.v_identifier, identifier), eq(cardholders.v_uid_business, businessId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound(CARDHOLDER_NOT_FOUND);
  return row;
}

export async function cardholderById(db: DbOrTx, id: string | null): Promise<CardholderRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(cardholders).where(eq(cardholders.v_uid, id));
  return row ?? null;
}

/** Active users of a client (a business's users, or staff with 'FAR'), for notices. */
export async function usersOfClient(db: DbOrTx, clientOrPrefix: string, prefix = false): Promise<string[]> {
  const result = (await db.execute(
    sql`SELECT v_uid::text AS id FROM users WHERE ${prefix ? sql`v_client LIKE ${`${clientOrPrefix}%`}` : sql`v_client = ${clientOrPrefix}`} AND d_deleted_at IS NULL LIMIT 50`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** Card rows by identifier (the benchmark drives the sandbox processor with them). */
export async function cardsByIdentifiers(db: DbOrTx, identifiers: string[]): Promise<CardRow[]> {
  const out: CardRow[] = [];
  for (let i = 0; i < identifiers.length; i += 1000)
    out.push(
      ...(await db
        .select()
        .from(cards)
        .where(inArray(cards.v_card_identifier, identifiers.slice(i, i + 1000)))),
    );
  return out;
}
