/** Cards: lists, counts, matching to cardholders, activation, lock, cancel, controls, replacement, reveal. */
import { randomBytes } from 'node:crypto';
import { ACTIVATION_STATUS_NAMES, CARD_STATUS, CARD_STATUS_NAMES, type CardControls, type CardListBody } from '@far/contracts';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { rule } from '../../platform/errors';
import { recordActivity } from '../audit';
import type { BusinessRow } from '../businesses';
import { openAccount, postTransaction, balanceOf } from '../ledger';
import { notify } from '../notifications';
import { cardOf, cardOut, cardholderById, decodeToken, maskedPanOf, tokenPage, usersOfClient, type CardRow } from './common';
import { FORMULA_MESSAGE, isFormula, type TableRow } from './files';
import { cardActivationItems, cardMovements, cardholders, cards } from './schema';
import type { CardKeys } from './secret';
import { checkLowStock } from './stock';

const SECTION = 'Tarjetas';
export const NOT_ASSIGNED = 'La tarjeta no está asignada a un tarjetahabiente';
export const CANCELLED = 'La tarjeta está cancelada';

export async function listCards(db: DbOrTx, business: BusinessRow | null, q: z.output<typeof CardListBody>) {
  const after = decodeToken(q.PaginationToken, 1);
  const conditions: (SQL | undefined)[] = [business ? eq(cards.v_uid_business, business.v_uid) : undefined];
  if (q.Unassigned) conditions.push(sql`${cards.v_uid_business} IS NULL`);
  if (q.Status) conditions.push(eq(cards.i_status, q.Status));
  if (q.ReferenceBatch) conditions.push(eq(cards.v_reference_batch, q.ReferenceBatch));
  if (q.Last4) conditions.push(eq(cards.v_pan_last4, q.Last4));
  if (q.CardholderIdentifier) conditions.push(sql`${cards.v_uid_cardholder} IN (SELECT v_uid FROM cardholders WHERE v_identifier = ${q.CardholderIdentifier})`);
  if (after) conditions.push(gt(cards.v_card_identifier, after[0]!));
  const rows = await db
    .select()
    .from(cards)
    .where(and(...conditions))
    .orderBy(asc(cards.v_card_identifier))
    .limit(q.Size + 1);
  const holders = await holdersOf(db, rows);
  return tokenPage(
    rows,
    q.Size,
    (c) => cardOut(c, holders.get(c.v_uid_cardholder ?? '')),
    (c) => [c.v_card_identifier],
  );
}

async function holdersOf(db: DbOrTx, rows: CardRow[]) {
  const ids = [...new Set(rows.map((r) => r.v_uid_cardholder).filter((x): x is string => !!x))];
  if (!ids.length) return new Map<string, typeof cardholders.$inferSelect>();
  const hs = await db.select().from(cardholders).where(inArray(cardholders.v_uid, ids));
  return new Map(hs.map((h) => [h.v_uid, h]));
}

export async function cardsOfCardholder(db: DbOrTx, business: BusinessRow, identifier: string) {
  const rows = await db
    .select({ c: cards })
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.v_uid, cards.v_uid_cardholder))
    .where(and(eq(cardholders.v_identifier, identifier), eq(cards.v_uid_business, business.v_uid)))
    .orderBy(asc(cards.d_create_at));
  const holders = await holdersOf(
    db,
    rows.map((r) => r.c),
  );
  return rows.map((r) => cardOut(r.c, holders.get(r.c.v_uid_cardholder!)));
}

export async function countsByStatus(db: DbOrTx, business: BusinessRow | null) {
  const rows = await db
    .select({ status: cards.i_status, n: sql<number>`count(*)::int`, virtual: sql<number>`count(*) FILTER (WHERE ${cards.b_virtual})::int` })
    .from(cards)
    .where(business ? eq(cards.v_uid_business, business.v_uid) : undefined)
    .groupBy(cards.i_status);
  const by = new Map(rows.map((r) => [r.status, r]));
  return Object.values(CARD_STATUS).map((s) => ({
    Status: s,
    StatusName: CARD_STATUS_NAMES[s]!,
    Total: Number(by.get(s)?.n ?? 0),
    Virtual: Number(by.get(s)?.virtual ?? 0),
  }));
}

/** The card's own ledger account ('cardholder' kind, owner the business's tenant key, slot the card). */
export async function ensureCardAccount(tx: Tx, b: BusinessRow, c: CardRow): Promise<string> {
  if (c.v_uid_account) return c.v_uid_account;
  const account = await openAccount(tx, { ownerKind: 'cardholder', owner: b.v_client, slot: c.v_card_identifier, name: `Tarjeta ${maskedPanOf(c)}` });
  await tx.update(cards).set({ v_uid_account: account.id }).where(eq(cards.v_uid, c.v_uid));
  return account.id;
}

export async function createCardAccount(tx: Tx, actor: Actor, b: BusinessRow, identifier: string) {
  const c = await cardOf(tx, b, identifier, { forUpdate: true });
  if (c.i_status === CARD_STATUS.cancelled) throw rule(CANCELLED);
  const accountId = await ensureCardAccount(tx, b, c);
  await recordActivity(tx, { actor, section: SECTION, action: 'Agregar', activity: `Abrió la cuenta de la tarjeta ${maskedPanOf(c)}` });
  const bal = await balanceOf(tx, accountId);
  return { CardIdentifier: c.v_card_identifier, AccountId: accountId, Account: bal.account };
}

/**
 * A matching file: each row names a stock card (CardIdentifier, or Last8: the last 8 digits
 * printed on it) and a cardholder of the business. Valid rows assign the card (status 2, with its
 * ledger account); every row leaves an activation item with its status and error.
 */
export async function matchCards(tx: Tx, actor: Actor, keys: CardKeys, b: BusinessRow, rows: TableRow[], now = new Date()) {
  const ref = `ACT-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const holderIds = [...new Set(rows.map((r) => r.values.CardholderIdentifier).filter(Boolean))] as string[];
  const holders = new Map<string, typeof cardholders.$inferSelect>();
  for (let i = 0; i < holderIds.length; i += 1000) {
    const hs = await tx
      .select()
      .from(cardholders)
      .where(and(eq(cardholders.v_uid_business, b.v_uid), inArray(cardholders.v_identifier, holderIds.slice(i, i + 1000))));
    for (const h of hs) holders.set(h.v_identifier, h);
  }
  const idents = rows.map((r) => r.values.CardIdentifier).filter(Boolean) as string[];
  const tails = rows.map((r) => r.values.Last8).filter((t): t is string => !!t && /^\d{8}$/.test(t));
  const found: CardRow[] = [];
  for (let i = 0; i < Math.max(idents.length, tails.length); i += 1000) {
    const a = idents.slice(i, i + 1000);
    const t = tails.slice(i, i + 1000).map((x) => keys.tailHash(x));
    if (a.length) found.push(...(await tx.select().from(cards).where(inArray(cards.v_card_identifier, a)).for('update')));
    if (t.length) found.push(...(await tx.select().from(cards).where(inArray(cards.v_tail_hash, t)).for('update')));
  }
  const byIdent = new Map(found.map((c) => [c.v_card_identifier, c]));
  const byTail = new Map<string, CardRow[]>();
  for (const c of found) byTail.set(c.v_tail_hash, [...(byTail.get(c.v_tail_hash) ?? []).filter((x) => x.v_uid !== c.v_uid), c]);
  const used = new Set<string>();
  const items: (typeof cardActivationItems.$inferInsert)[] = [];
  const assigned: { card: CardRow; holder: typeof cardholders.$inferSelect }[] = [];
  for (const r of rows) {
    const v = r.values;
    const fail = (message: string) =>
      items.push({
        v_reference_batch: ref,
        v_uid_business: b.v_uid,
        i_row: r.row,
        v_cardholder_identifier: v.CardholderIdentifier ?? '',
        v_card_identifier: v.CardIdentifier || (v.Last8 ? `****${v.Last8}` : ''),
        v_status: 'FAILED',
        v_error_message: message,
      });
    if (Object.values(v).some(isFormula)) {
      fail(FORMULA_MESSAGE);
      continue;
    }
    if (!v.CardholderIdentifier) {
      fail('Falta el identificador del tarjetahabiente');
      continue;
    }
    let card: CardRow | undefined;
    if (v.CardIdentifier) card = byIdent.get(v.CardIdentifier);
    else if (v.Last8) {
      if (!/^\d{8}$/.test(v.Last8)) {
        fail('Los últimos 8 dígitos no son válidos');
        continue;
      }
      const matches = (byTail.get(keys.tailHash(v.Last8)) ?? []).filter((c) => c.i_status === CARD_STATUS.stock);
      if (matches.length > 1) {
        fail('Hay más de una tarjeta en stock con esos 8 dígitos: usa el identificador de la tarjeta');
        continue;
      }
      card = matches[0];
    } else {
      fail('Falta el identificador o los últimos 8 dígitos de la tarjeta');
      continue;
    }
    const holder = holders.get(v.CardholderIdentifier);
    if (!card) fail('Tarjeta no encontrada');
    else if (!holder) fail('Tarjetahabiente no encontrado');
    else if (used.has(card.v_uid)) fail('La tarjeta está repetida en el archivo');
    else if (card.i_status !== CARD_STATUS.stock) fail(card.v_uid_business === b.v_uid ? 'La tarjeta ya está asignada' : 'Tarjeta no encontrada');
    else if (holder.b_locked) fail('El tarjetahabiente está bloqueado');
    else {
      used.add(card.v_uid);
      assigned.push({ card, holder });
      items.push({
        v_reference_batch: ref,
        v_uid_business: b.v_uid,
        i_row: r.row,
        v_cardholder_identifier: holder.v_identifier,
        v_card_identifier: card.v_card_identifier,
        v_status: 'MATCHED',
        v_error_message: null,
      });
    }
  }
  // One statement per 1,000 cards for the assignment and one for the accounts; the ledger opens each account.
  const accounts: [string, string][] = [];
  for (const { card } of assigned) {
    const account = await openAccount(tx, { ownerKind: 'cardholder', owner: b.v_client, slot: card.v_card_identifier, name: `Tarjeta ${maskedPanOf(card)}` });
    accounts.push([card.v_uid, account.id]);
  }
  const holderOf = new Map(assigned.map((a) => [a.card.v_uid, a.holder.v_uid]));
  for (let i = 0; i < accounts.length; i += 1000) {
    const values = sql.join(
      accounts.slice(i, i + 1000).map(([card, account]) => sql`(${card}::uuid, ${holderOf.get(card)!}::uuid, ${account}::uuid)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE cards c SET i_status = ${CARD_STATUS.assigned}, v_uid_business = ${b.v_uid}::uuid, v_uid_cardholder = v.holder, v_uid_account = v.account, d_update_at = ${now.toISOString()}::timestamptz
          FROM (VALUES ${values}) AS v(card, holder, account) WHERE c.v_uid = v.card`,
    );
  }
  for (let i = 0; i < items.length; i += 1000) await tx.insert(cardActivationItems).values(items.slice(i, i + 1000));
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Asignó ${assigned.length} tarjetas (lote ${ref})`,
    detail: { failed: items.length - assigned.length },
  });
  if (assigned.length) await checkLowStock(tx);
  const errors = items.filter((i) => i.v_status === 'FAILED').map((i) => ({ Row: i.i_row, Field: null, Message: i.v_error_message! }));
  return { ReferenceBatch: ref, TotalRecords: rows.length, MatchedRecords: assigned.length, FailedRecords: errors.length, Errors: errors };
}

/** Activates one assigned card, or (no identifier) every assigned card of the business. Returns the CustomerId. */
export async function activateCards(tx: Tx, actor: Actor, b: BusinessRow, identifier: string | undefined, now = new Date()) {
  let targets: CardRow[];
  if (identifier) {
    const c = await cardOf(tx, b, identifier, { forUpdate: true });
    if (c.i_status === CARD_STATUS.active) throw rule('La tarjeta ya está activa');
    if (c.i_status === CARD_STATUS.cancelled) throw rule(CANCELLED);
    if (c.i_status !== CARD_STATUS.assigned) throw rule(NOT_ASSIGNED);
    targets = [c];
  } else {
    targets = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.v_uid_business, b.v_uid), eq(cards.i_status, CARD_STATUS.assigned)))
      .for('update');
    if (!targets.length) throw rule('No hay tarjetas asignadas por activar');
  }
  const ids = targets.map((t) => t.v_uid);
  for (let i = 0; i < ids.length; i += 1000) {
    await tx
      .update(cards)
      .set({ i_status: CARD_STATUS.active, d_activated_at: now, v_customer_id: b.v_client, d_update_at: now })
      .where(inArray(cards.v_uid, ids.slice(i, i + 1000)));
  }
  const idents = targets.map((t) => t.v_card_identifier);
  for (let i = 0; i < idents.length; i += 1000) {
    await tx
      .update(cardActivationItems)
      .set({ v_status: 'ACTIVATED', v_customer_id: b.v_client, d_update_at: now })
      .where(
        and(
          eq(cardActivationItems.v_uid_business, b.v_uid),
          eq(cardActivationItems.v_status, 'MATCHED'),
          inArray(cardActivationItems.v_card_identifier, idents.slice(i, i + 1000)),
        ),
      );
  }
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Activar',
    activity: identifier ? `Activó la tarjeta ${maskedPanOf(targets[0]!)}` : `Activó ${targets.length} tarjetas`,
  });
  return { CustomerId: b.v_client, Activated: targets.length };
}

export async function lockCard(tx: Tx, actor: Actor, b: BusinessRow, identifier: string, lock: boolean) {
  const c = await cardOf(tx, b, identifier, { forUpdate: true });
  if (c.i_status === CARD_STATUS.cancelled) throw rule(CANCELLED);
  if (c.i_status === CARD_STATUS.stock) throw rule(NOT_ASSIGNED);
  const [row] = await tx.update(cards).set({ b_blocked: lock, d_update_at: new Date() }).where(eq(cards.v_uid, c.v_uid)).returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: lock ? 'Bloquear' : 'Desbloquear',
    activity: `${lock ? 'Bloqueó' : 'Desbloqueó'} la tarjeta ${maskedPanOf(c)}`,
  });
  if (lock) {
    const users = await usersOfClient(tx, b.v_client);
    await notify(
      tx,
      ...users.map((userId) => ({
        userId,
        kind: 'card.locked' as const,
        title: 'Tarjeta bloqueada',
        body: `La tarjeta ${maskedPanOf(c)} fue bloqueada.`,
        link: `/account/cards/${c.v_card_identifier}`,
      })),
    );
  }
  return cardOut(row!, await cardholderById(tx, row!.v_uid_cardholder));
}

/** Cancel (final): status 4, turned off; its balance stays readable and can only leave by replacement. */
export async function disableCard(tx: Tx, actor: Actor, b: BusinessRow, identifier: string, now = new Date()) {
  const c = await cardOf(tx, b, identifier, { forUpdate: true });
  if (c.i_status === CARD_STATUS.cancelled) throw rule(CANCELLED);
  if (c.i_status === CARD_STATUS.stock) throw rule(NOT_ASSIGNED);
  const [row] = await tx
    .update(cards)
    .set({ i_status: CARD_STATUS.cancelled, b_turned_off: true, d_cancelled_at: now, d_update_at: now })
    .where(eq(cards.v_uid, c.v_uid))
    .returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Desactivar', activity: `Canceló la tarjeta ${maskedPanOf(c)}` });
  return cardOut(row!, await cardholderById(tx, row!.v_uid_cardholder));
}

export async function setControls(tx: Tx, actor: Actor, b: BusinessRow, identifier: string, controls: CardControls) {
  const c = await cardOf(tx, b, identifier, { forUpdate: true });
  if (c.i_status === CARD_STATUS.cancelled) throw rule(CANCELLED);
  const overlap = controls.AllowedMccGroups.filter((g) => controls.BlockedMccGroups.includes(g));
  if (overlap.length) throw rule('Una categoría no puede estar permitida y bloqueada a la vez');
  const [row] = await tx.update(cards).set({ t_controls: controls, d_update_at: new Date() }).where(eq(cards.v_uid, c.v_uid)).returning();
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Cambió los controles de la tarjeta ${maskedPanOf(c)}`,
    detail: { controls },
  });
  return cardOut(row!, await cardholderById(tx, row!.v_uid_cardholder));
}

/**
 * Lost or stolen: the old card is cancelled at once, a stock card is assigned to the same
 * cardholder and activated, and the whole balance moves to it in one ledger transaction. Money
 * held by authorisations in flight stays on the old card until they are captured or reversed.
 */
export async function replaceCard(tx: Tx, actor: Actor, b: BusinessRow, identifier: string, reason: string, now = new Date()) {
  const old = await cardOf(tx, b, identifier, { forUpdate: true });
  if (old.i_status === CARD_STATUS.stock) throw rule(NOT_ASSIGNED);
  if (old.v_replaced_by) throw rule('La tarjeta ya fue repuesta');
  const [fresh] = await tx
    .select()
    .from(cards)
    .where(eq(cards.i_status, CARD_STATUS.stock))
    .orderBy(asc(cards.d_create_at))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!fresh) throw rule('No hay tarjetas en stock para reponer');
  await tx
    .update(cards)
    .set({
      i_status: CARD_STATUS.cancelled,
      b_turned_off: true,
      b_blocked: true,
      d_cancelled_at: old.d_cancelled_at ?? now,
      v_replaced_by: fresh.v_card_identifier,
      d_update_at: now,
    })
    .where(eq(cards.v_uid, old.v_uid));
  const [made] = await tx
    .update(cards)
    .set({
      i_status: CARD_STATUS.active,
      v_uid_business: b.v_uid,
      v_uid_cardholder: old.v_uid_cardholder,
      v_customer_id: b.v_client,
      d_activated_at: now,
      t_controls: old.t_controls,
      v_replacement_of: old.v_card_identifier,
      d_update_at: now,
    })
    .where(eq(cards.v_uid, fresh.v_uid))
    .returning();
  const toId = await ensureCardAccount(tx, b, made!);
  const fromId = await ensureCardAccount(tx, b, old);
  const bal = await balanceOf(tx, fromId);
  if (bal.availableBalance > 0n) {
    const moved = await postTransaction(tx, {
      kind: 'card-replacement',
      reference: old.v_card_identifier,
      memo: { from: old.v_card_identifier, to: made!.v_card_identifier, reason },
      postings: [
        { accountId: fromId, amountCents: -bal.availableBalance, leg: 'amount' },
        { accountId: toId, amountCents: bal.availableBalance, leg: 'amount' },
      ],
    });
    const common = { v_uid_business: b.v_uid, n_amount_cents: bal.availableBalance, v_status: 'Aplicado', v_uid_transaction: moved.transactionId };
    await tx.insert(cardMovements).values([
      { ...common, v_uid_card: old.v_uid, v_kind: 'replacement-out', v_description: `Traspaso a la tarjeta ${maskedPanOf(made!)}` },
      { ...common, v_uid_card: made!.v_uid, v_kind: 'replacement-in', v_description: `Traspaso de la tarjeta ${maskedPanOf(old)}` },
    ]);
  }
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Editar',
    activity: `Repuso la tarjeta ${maskedPanOf(old)} por ${maskedPanOf(made!)} (${reason})`,
  });
  await checkLowStock(tx);
  return cardOut(made!, await cardholderById(tx, made!.v_uid_cardholder));
}

export const REVEAL_SECONDS = 60;

/** The card's secret data, decrypted; the caller has checked the code and writes the audit entry. */
export function revealCard(keys: CardKeys, c: CardRow) {
  return { pan: keys.open(c.t_pan_enc), cvv: keys.open(c.t_cvv_enc), pin: keys.open(c.t_pin_enc) };
}

export async function auditReveal(tx: Tx, actor: Actor, c: CardRow, what: string, reason: string) {
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Consultar',
    activity: `Consultó ${what} de la tarjeta ${maskedPanOf(c)}`,
    detail: { card: c.v_card_identifier, reason },
  });
}

export async function listActivationItems(db: DbOrTx, b: BusinessRow, q: { PaginationToken?: string; Size: number; ReferenceBatch?: string }) {
  const after = decodeToken(q.PaginationToken, 2);
  const rows = await db
    .select({ item: cardActivationItems, card: { v_pan_first6: cards.v_pan_first6, v_pan_last4: cards.v_pan_last4 } })
    .from(cardActivationItems)
    // The card of a row that named one (only the business's own: a failed row may name anyone's).
    .leftJoin(cards, and(eq(cards.v_card_identifier, cardActivationItems.v_card_identifier), eq(cards.v_uid_business, b.v_uid)))
    .where(
      and(
        eq(cardActivationItems.v_uid_business, b.v_uid),
        q.ReferenceBatch ? eq(cardActivationItems.v_reference_batch, q.ReferenceBatch) : undefined,
        after ? sql`(${cardActivationItems.v_reference_batch}, ${cardActivationItems.i_row}) < (${after[0]}, ${Number(after[1])})` : undefined,
      ),
    )
    .orderBy(sql`${cardActivationItems.v_reference_batch} DESC, ${cardActivationItems.i_row} DESC`)
    .limit(q.Size + 1);
  return tokenPage(
    rows,
    q.Size,
    ({ item: r, card }) => ({
      CompositePartitionKey: `${b.v_client}#${r.v_reference_batch}`,
      CompositeSortingKey: `${r.v_reference_batch}#${String(r.i_row).padStart(6, '0')}`,
      ReferenceBatch: r.v_reference_batch,
      CardholderIdentifier: r.v_cardholder_identifier,
      CardIdentifier: r.v_card_identifier,
      UserType: r.i_user_type,
      CustomerId: r.v_customer_id,
      Status: r.v_status,
      StatusName: ACTIVATION_STATUS_NAMES[r.v_status] ?? r.v_status,
      MaskedPan: card?.v_pan_first6 && card.v_pan_last4 ? maskedPanOf(card as { v_pan_first6: string; v_pan_last4: string }) : null,
      ErrorMessage: r.v_error_message,
      GeneratedAt: r.d_create_at.toISOString(),
    }),
    ({ item: r }) => [r.v_reference_batch, String(r.i_row)],
  );
}
