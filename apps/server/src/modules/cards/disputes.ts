/**
 * Disputes of card purchases (issue 28 §3, docs/decisions/0035-modern-cards.md). The business (or
 * staff for it) disputes a captured purchase with one of the networks' reasons; the deadline is
 * the reason's days from opening. Staff move it (Abierta → En revisión → Ganada / Perdida, or
 * Retirada) and may give one provisional credit; both sides add evidence. Money, always through
 * the ledger and inside the caller's money command:
 *   credit    card-disputes book → card                 (the provider fronts the amount)
 *   lost      card → card-disputes book                 (the credit comes back; also on Retirada)
 *   won       settlement-in-transit → card-disputes     (the network's chargeback repays the credit)
 *             settlement-in-transit → card              (whatever was not credited yet)
 */
import {
  DISPUTE_MOVES,
  DISPUTE_OPEN_STATUSES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  DISPUTE_WINDOW_DAYS,
  amountOut,
  type Dispute,
  type DisputeCreateBody,
  type DisputeEvent,
  type DisputeListBody,
  type DisputeReason,
  type DisputeStatus,
} from '@far/contracts';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, notFound, rule } from '../../platform/errors';
import { iso } from '../../platform/reply';
import { recordActivity } from '../audit';
import type { BusinessRow } from '../businesses';
import { getFile, storeFile } from '../files';
import { INSUFFICIENT_FUNDS, postTransaction, type PostingInput } from '../ledger';
import { notify } from '../notifications';
import { businessFor, maskedPanOf, usersOfClient } from './common';
import { ensureCardAccount } from './cards';
import { cardAuthorizations, cardDisputeEvents, cardDisputeSeq, cardDisputes, cardMovements, cards } from './schema';

const SECTION = 'Disputas de tarjetas';
export const DISPUTE_NOT_FOUND = 'Disputa no encontrada';
const DAY_MS = 86_400_000;

type DisputeRow = typeof cardDisputes.$inferSelect;
type Joined = { d: DisputeRow; c: typeof cards.$inferSelect; a: typeof cardAuthorizations.$inferSelect; businessName: string | null };

const isOverdue = (d: DisputeRow, now: Date) => DISPUTE_OPEN_STATUSES.includes(d.v_status as DisputeStatus) && d.d_deadline_at < now;

function disputeOut({ d, c, a, businessName }: Joined, now: Date): Dispute {
  const reason = d.v_reason as DisputeReason;
  const status = d.v_status as DisputeStatus;
  return {
    Id: d.v_uid,
    Folio: d.v_folio,
    BusinessId: d.v_uid_business,
    BusinessName: businessName,
    CardIdentifier: c.v_card_identifier,
    MaskedPan: maskedPanOf(c),
    AuthorizationId: a.v_uid,
    MerchantName: a.v_merchant,
    PurchaseAt: iso(a.d_create_at)!,
    Amount: amountOut(d.n_amount_cents),
    Reason: reason,
    ReasonName: DISPUTE_REASONS[reason].name,
    Description: d.t_description,
    Status: status,
    StatusName: DISPUTE_STATUSES[status],
    DeadlineAt: iso(d.d_deadline_at)!,
    Overdue: isOverdue(d, now),
    ProvisionalCredit: amountOut(d.n_credit_cents),
    CreatedAt: iso(d.d_create_at)!,
    ResolvedAt: iso(d.d_resolved_at),
  };
}

const joined = (db: DbOrTx) =>
  db
    .select({
      d: cardDisputes,
      c: cards,
      a: cardAuthorizations,
      // Read in place (the businesses module owns the table; the name is only shown).
      businessName: sql<string | null>`(SELECT b.v_company_name FROM businesses b WHERE b.v_uid = ${cardDisputes.v_uid_business})`,
    })
    .from(cardDisputes)
    .innerJoin(cards, eq(cards.v_uid, cardDisputes.v_uid_card))
    .innerJoin(cardAuthorizations, eq(cardAuthorizations.v_uid, cardDisputes.v_uid_authorization));

function listWhere(businessId: string | null, q: z.output<typeof DisputeListBody>, now: Date): SQL | undefined {
  return and(
    businessId ? eq(cardDisputes.v_uid_business, businessId) : undefined,
    q.Status ? eq(cardDisputes.v_status, q.Status) : undefined,
    q.Reason ? eq(cardDisputes.v_reason, q.Reason) : undefined,
    q.CardIdentifier ? eq(cards.v_card_identifier, q.CardIdentifier) : undefined,
    q.Overdue
      ? and(inArray(cardDisputes.v_status, [...DISPUTE_OPEN_STATUSES]), sql`${cardDisputes.d_deadline_at} < ${now.toISOString()}::timestamptz`)
      : undefined,
  );
}

/** A page of disputes, the nearest deadline first among the live ones, then the newest. */
export async function listDisputes(db: DbOrTx, scope: BusinessRow | null, q: z.output<typeof DisputeListBody>, now: Date, limit?: number) {
  const where = listWhere(scope?.v_uid ?? null, q, now);
  const live = sql`CASE WHEN ${cardDisputes.v_status} IN ('open', 'review') THEN 0 ELSE 1 END`;
  const rows = await joined(db)
    .where(where)
    .orderBy(live, sql`CASE WHEN ${cardDisputes.v_status} IN ('open', 'review') THEN ${cardDisputes.d_deadline_at} END ASC`, desc(cardDisputes.d_create_at))
    .limit(limit ?? q.Size)
    .offset(limit ? 0 : (q.Page - 1) * q.Size);
  const [total] = await db.select({ n: count() }).from(cardDisputes).innerJoin(cards, eq(cards.v_uid, cardDisputes.v_uid_card)).where(where);
  return { rows: rows.map((r) => disputeOut(r, now)), total: total?.n ?? 0 };
}

async function joinedOf(db: DbOrTx, businessId: string | null, id: string, forUpdate = false): Promise<Joined> {
  const q = joined(db).where(and(eq(cardDisputes.v_uid, id), businessId ? eq(cardDisputes.v_uid_business, businessId) : undefined));
  const [row] = forUpdate ? await q.for('update', { of: cardDisputes }) : await q;
  if (!row) throw notFound(DISPUTE_NOT_FOUND);
  return row;
}

export async function disputeDetail(db: DbOrTx, scope: BusinessRow | null, id: string, now: Date) {
  const row = await joinedOf(db, scope?.v_uid ?? null, id);
  const events = await db.select().from(cardDisputeEvents).where(eq(cardDisputeEvents.v_uid_dispute, id)).orderBy(asc(cardDisputeEvents.i_seq));
  return { ...disputeOut(row, now), Events: events.map(eventOut) };
}

const eventOut = (e: typeof cardDisputeEvents.$inferSelect): DisputeEvent => ({
  Id: e.v_uid,
  Kind: e.v_kind,
  Staff: e.b_staff,
  Author: e.v_author,
  Comment: e.t_comment,
  FromStatus: e.v_from_status ? DISPUTE_STATUSES[e.v_from_status as DisputeStatus] : null,
  ToStatus: e.v_to_status ? DISPUTE_STATUSES[e.v_to_status as DisputeStatus] : null,
  Amount: e.n_amount_cents === null ? null : amountOut(e.n_amount_cents),
  FileId: e.v_uid_file,
  FileName: e.v_file_name,
  CreatedAt: iso(e.d_create_at)!,
});

/** The dispute's business: staff name it, its own users get theirs. */
const businessOf = (tx: Tx, actor: Actor, d: DisputeRow) => businessFor(tx, actor, actor.kind === 'FAR' ? d.v_uid_business : undefined);

type EventInput = Omit<typeof cardDisputeEvents.$inferInsert, 'v_uid_dispute' | 'b_staff' | 'v_uid_user' | 'v_author'>;
const addEvent = (tx: Tx, actor: Actor, d: DisputeRow, e: EventInput, now: Date) =>
  tx.insert(cardDisputeEvents).values({
    ...e,
    v_uid_dispute: d.v_uid,
    b_staff: actor.kind === 'FAR',
    v_uid_user: actor.userId,
    v_author: actor.name,
    d_create_at: now,
    d_update_at: now,
  });

/** The other side hears of it: the business's users when staff acted, staff when the business did. */
async function tellOtherSide(tx: Tx, actor: Actor, d: DisputeRow, title: string, body: string) {
  const users = actor.kind === 'FAR' ? await usersOfClient(tx, (await businessOf(tx, actor, d)).v_client) : await usersOfClient(tx, 'FAR', true);
  const link = actor.kind === 'FAR' ? `/account/disputes/${d.v_uid}` : `/clarification/disputes/${d.v_uid}`;
  await notify(tx, ...users.map((userId) => ({ userId, kind: 'card.dispute' as const, title, body, link })));
}

export async function openDispute(tx: Tx, actor: Actor, b: BusinessRow, body: z.output<typeof DisputeCreateBody>, now: Date) {
  const [found] = await tx
    .select({ a: cardAuthorizations, c: cards })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.v_uid, cardAuthorizations.v_uid_card))
    .where(and(eq(cardAuthorizations.v_uid, body.AuthorizationId), eq(cards.v_uid_business, b.v_uid)))
    .for('update', { of: cardAuthorizations });
  if (!found) throw notFound('Compra no encontrada');
  const { a, c } = found;
  if (a.v_status !== 'captured') throw rule('Solo se puede disputar una compra aplicada (capturada)');
  if (now.getTime() - a.d_create_at.getTime() > DISPUTE_WINDOW_DAYS * DAY_MS)
    throw rule(`La compra tiene más de ${DISPUTE_WINDOW_DAYS} días: ya no se puede disputar`);
  const amount = a.n_amount_cents - a.n_refunded_cents;
  if (amount <= 0n) throw rule('La compra ya fue devuelta por completo');
  const [live] = await tx
    .select({ folio: cardDisputes.v_folio })
    .from(cardDisputes)
    .where(and(eq(cardDisputes.v_uid_authorization, a.v_uid), sql`${cardDisputes.v_status} <> 'withdrawn'`));
  if (live) throw rule(`La compra ya tiene la disputa ${live.folio}`);
  const next = (await tx.execute(sql`SELECT nextval(${cardDisputeSeq.seqName}::regclass)::text AS n`)) as unknown as { rows: [{ n: string }] };
  const folio = `DSP-${now.getUTCFullYear()}-${next.rows[0].n.padStart(6, '0')}`;
  const [d] = await tx
    .insert(cardDisputes)
    .values({
      v_folio: folio,
      v_uid_business: b.v_uid,
      v_uid_card: c.v_uid,
      v_uid_authorization: a.v_uid,
      v_reason: body.Reason,
      t_description: body.Description,
      n_amount_cents: amount,
      v_uid_user: actor.userId,
      d_deadline_at: new Date(now.getTime() + DISPUTE_REASONS[body.Reason].days * DAY_MS),
      d_create_at: now,
      d_update_at: now,
    })
    .returning();
  await addEvent(tx, actor, d!, { v_kind: 'opened', t_comment: body.Description, v_to_status: 'open' }, now);
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: 'Agregar',
    activity: `Abrió la disputa ${folio} de la compra en ${a.v_merchant} con la tarjeta ${maskedPanOf(c)}`,
    detail: { dispute: d!.v_uid, reason: body.Reason },
  });
  await tellOtherSide(tx, actor, d!, 'Nueva disputa de tarjeta', `${folio}: ${DISPUTE_REASONS[body.Reason].name} — ${a.v_merchant}`);
  return disputeDetail(tx, b, d!.v_uid, now);
}

export async function addEvidence(
  tx: Tx,
  actor: Actor,
  scope: BusinessRow | null,
  id: string,
  input: { comment: string | null; file?: { name: string; mediaType: string; content: Buffer } },
  now: Date,
) {
  const { d } = await joinedOf(tx, scope?.v_uid ?? null, id, true);
  if (!DISPUTE_OPEN_STATUSES.includes(d.v_status as DisputeStatus)) throw rule('La disputa ya está cerrada');
  const fileId = input.file ? await storeFile(tx, { ...input.file, ownerId: actor.userId }) : null;
  await addEvent(tx, actor, d, { v_kind: 'evidence', t_comment: input.comment, v_uid_file: fileId, v_file_name: input.file?.name ?? null }, now);
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Agregó evidencia a la disputa ${d.v_folio}` });
  await tellOtherSide(tx, actor, d, 'Evidencia nueva en una disputa', `${d.v_folio}: ${input.file ? `archivo ${input.file.name}` : 'comentario nuevo'}`);
  return disputeDetail(tx, scope, id, now);
}

export async function evidenceFile(db: DbOrTx, scope: BusinessRow | null, fileId: string) {
  const [e] = await db.select().from(cardDisputeEvents).where(eq(cardDisputeEvents.v_uid_file, fileId));
  if (!e) throw notFound('Archivo no encontrado');
  await joinedOf(db, scope?.v_uid ?? null, e.v_uid_dispute);
  const file = await getFile(db, fileId);
  if (!file) throw notFound('Archivo no encontrado');
  return file;
}

/** One ledger transaction touching the card, with its card movement (what the cardholder sees). */
async function cardMoney(
  tx: Tx,
  j: Joined,
  kind: 'credit' | 'reversal' | 'chargeback',
  postings: PostingInput[],
  cardCents: bigint,
  now: Date,
): Promise<string> {
  let posted;
  try {
    posted = await postTransaction(tx, {
      kind: `card-dispute-${kind}`,
      reference: `${j.d.v_uid}:${kind}`,
      memo: { dispute: j.d.v_folio, card: j.c.v_card_identifier, merchant: j.a.v_merchant },
      postings,
    });
  } catch (err) {
    if (err instanceof AppError && err.message === INSUFFICIENT_FUNDS)
      throw rule('El saldo disponible de la tarjeta no alcanza para revertir el abono provisional');
    throw err;
  }
  if (cardCents > 0n)
    await tx.insert(cardMovements).values({
      v_uid_card: j.c.v_uid,
      v_uid_business: j.d.v_uid_business,
      v_kind: `dispute-${kind}`,
      v_description: `Disputa ${j.d.v_folio} — ${j.a.v_merchant}`,
      n_amount_cents: cardCents,
      v_status: 'Aplicado',
      v_uid_transaction: posted.transactionId,
      d_create_at: now,
    });
  return posted.transactionId;
}

/** Staff give the provisional credit (once; the whole disputed amount unless a smaller one is named). */
export async function giveProvisionalCredit(tx: Tx, actor: Actor, id: string, amountIn: bigint | undefined, now: Date) {
  const j = await joinedOf(tx, null, id, true);
  const { d } = j;
  if (!DISPUTE_OPEN_STATUSES.includes(d.v_status as DisputeStatus)) throw rule('La disputa ya está cerrada');
  if (d.n_credit_cents > 0n) throw rule('La disputa ya tiene abono provisional');
  const amount = amountIn ?? d.n_amount_cents;
  if (amount > d.n_amount_cents) throw rule(`El abono no puede ser mayor que el monto disputado (${amountOut(d.n_amount_cents)})`);
  const account = await ensureCardAccount(tx, await businessOf(tx, actor, d), j.c);
  const txId = await cardMoney(
    tx,
    j,
    'credit',
    [
      { book: 'card-disputes', amountCents: -amount, leg: 'amount' },
      { accountId: account, amountCents: amount, leg: 'amount' },
    ],
    amount,
    now,
  );
  await tx.update(cardDisputes).set({ n_credit_cents: amount, d_update_at: now }).where(eq(cardDisputes.v_uid, d.v_uid));
  await addEvent(tx, actor, d, { v_kind: 'credit', n_amount_cents: amount, v_uid_transaction: txId }, now);
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Dio abono provisional de ${amountOut(amount)} en la disputa ${d.v_folio}` });
  await tellOtherSide(tx, actor, d, 'Abono provisional por disputa', `${d.v_folio}: se abonaron ${amountOut(amount)} a la tarjeta ${maskedPanOf(j.c)}`);
  return disputeDetail(tx, null, id, now);
}

/**
 * Staff move a dispute (DISPUTE_MOVES). Lost or withdrawn: the provisional credit comes back from
 * the card. Won: the network's chargeback repays the credit and brings the rest to the card.
 * The business may only withdraw its own dispute.
 */
export async function moveDispute(tx: Tx, actor: Actor, scope: BusinessRow | null, id: string, to: DisputeStatus, comment: string | null, now: Date) {
  const j = await joinedOf(tx, scope?.v_uid ?? null, id, true);
  const { d } = j;
  const from = d.v_status as DisputeStatus;
  if (actor.kind !== 'FAR' && to !== 'withdrawn') throw new AppError('FORBIDDEN', 'Solo el personal cambia el estatus de una disputa');
  if (!DISPUTE_MOVES[from].includes(to)) throw rule(`Una disputa «${DISPUTE_STATUSES[from]}» no puede pasar a «${DISPUTE_STATUSES[to]}»`);
  const final = !DISPUTE_OPEN_STATUSES.includes(to);
  const account = final ? await ensureCardAccount(tx, await businessOf(tx, actor, d), j.c) : null;
  if ((to === 'lost' || to === 'withdrawn') && d.n_credit_cents > 0n) {
    const txId = await cardMoney(
      tx,
      j,
      'reversal',
      [
        { accountId: account!, amountCents: -d.n_credit_cents, leg: 'amount' },
        { book: 'card-disputes', amountCents: d.n_credit_cents, leg: 'amount' },
      ],
      d.n_credit_cents,
      now,
    );
    await addEvent(tx, actor, d, { v_kind: 'reversal', n_amount_cents: d.n_credit_cents, v_uid_transaction: txId }, now);
  }
  if (to === 'won') {
    const rest = d.n_amount_cents - d.n_credit_cents;
    const postings: PostingInput[] = [{ book: 'settlement-in-transit', amountCents: -d.n_amount_cents, leg: 'amount' }];
    if (d.n_credit_cents > 0n) postings.push({ book: 'card-disputes', amountCents: d.n_credit_cents, leg: 'amount' });
    if (rest > 0n) postings.push({ accountId: account!, amountCents: rest, leg: 'amount' });
    const txId = await cardMoney(tx, j, 'chargeback', postings, rest, now);
    await addEvent(tx, actor, d, { v_kind: 'chargeback', n_amount_cents: d.n_amount_cents, v_uid_transaction: txId }, now);
  }
  await tx
    .update(cardDisputes)
    .set({ v_status: to, d_update_at: now, ...(final ? { d_resolved_at: now } : {}) })
    .where(eq(cardDisputes.v_uid, d.v_uid));
  await addEvent(tx, actor, d, { v_kind: 'status', v_from_status: from, v_to_status: to, t_comment: comment }, now);
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Pasó la disputa ${d.v_folio} a «${DISPUTE_STATUSES[to]}»` });
  await tellOtherSide(tx, actor, d, 'Disputa actualizada', `${d.v_folio} pasó a «${DISPUTE_STATUSES[to]}»`);
  return disputeDetail(tx, scope, id, now);
}
