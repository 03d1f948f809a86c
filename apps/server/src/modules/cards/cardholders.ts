/** Cardholders of a business: registration one by one or from a file, lookups, changes, lock. */
import { randomBytes } from 'node:crypto';
import {
  CardholderFileRow,
  cardFieldName,
  type CardholderCreateBody,
  type CardholderListBody,
  type CardholderNamesBody,
  type CardholderUpdateBody,
} from '@far/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { offsetOf, toPage } from '../../platform/paging';
import { recordActivity } from '../audit';
import { MATCH, inline, searchValues } from '../search';
import type { BusinessRow } from '../businesses';
import { cardholderOf, cardholderOut, fullNameOf, type CardholderRow } from './common';
import { FORMULA_MESSAGE, isFormula, type TableRow } from './files';
import { cardholders, cards } from './schema';

const SECTION = 'Tarjetahabientes';
export const IDENTIFIER_TAKEN = 'El identificador del tarjetahabiente ya existe';
export const EMAIL_TAKEN = 'El correo ya está registrado para otro tarjetahabiente';

type Input = z.output<typeof CardholderFileRow>;
const newIdentifier = () => `TH${randomBytes(5).toString('hex').toUpperCase()}`;

const valuesOf = (b: BusinessRow, d: Input) => ({
  v_uid_business: b.v_uid,
  v_client: b.v_client,
  v_identifier: d.CardholderIdentifier ?? newIdentifier(),
  v_names: d.Names,
  v_last_name_1: d.LastName,
  v_last_name_2: d.SecondLastName ?? null,
  v_email: d.Email,
  v_phone_code: d.PhoneCode,
  v_cell_phone: d.CellPhone,
  v_curp: d.Curp ?? null,
  v_rfc: d.Rfc ?? null,
  d_birth_date: d.BirthDate ?? null,
});

async function cardCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: cards.v_uid_cardholder, n: count() })
    .from(cards)
    .where(inArray(cards.v_uid_cardholder, ids))
    .groupBy(cards.v_uid_cardholder);
  return new Map(rows.map((r) => [r.id!, r.n]));
}
export async function withCounts(db: DbOrTx, rows: CardholderRow[]) {
  const counts = await cardCounts(
    db,
    rows.map((r) => r.v_uid),
  );
  return rows.map((r) => cardholderOut(r, counts.get(r.v_uid) ?? 0));
}

async function taken(db: DbOrTx, businessId: string, identifiers: string[], emails: string[]) {
  const ids = identifiers.length
    ? await db.select({ v: cardholders.v_identifier }).from(cardholders).where(inArray(cardholders.v_identifier, identifiers))
    : [];
  const mails = emails.length
    ? await db
        .select({ v: cardholders.v_email })
        .from(cardholders)
        .where(and(eq(cardholders.v_uid_business, businessId), inArray(cardholders.v_email, emails)))
    : [];
  return { identifiers: new Set(ids.map((r) => r.v)), emails: new Set(mails.map((r) => r.v)) };
}

export async function createCardholder(tx: Tx, actor: Actor, b: BusinessRow, d: z.output<typeof CardholderCreateBody>) {
  const values = valuesOf(b, d);
  const t = await taken(tx, b.v_uid, [values.v_identifier], [values.v_email]);
  if (t.identifiers.size) throw conflict(IDENTIFIER_TAKEN);
  if (t.emails.size) throw conflict(EMAIL_TAKEN);
  const [row] = await tx.insert(cardholders).values(values).returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Agregar', activity: `Registró al tarjetahabiente ${row!.v_identifier}` });
  return cardholderOut(row!);
}

export interface RowIssue {
  Row: number;
  Field: string | null;
  Message: string;
}

/**
 * A file of cardholders: every row is checked with the contracts rules, against the other rows
 * and against the business's cardholders; all problems come back at once and the valid rows are
 * created (in one statement).
 */
export async function uploadCardholders(tx: Tx, actor: Actor, b: BusinessRow, rows: TableRow[], filename: string) {
  const errors: RowIssue[] = [];
  const valid: { row: number; values: ReturnType<typeof valuesOf> }[] = [];
  for (const r of rows) {
    const formula = Object.entries(r.values).find(([, v]) => isFormula(v));
    if (formula) {
      errors.push({ Row: r.row, Field: cardFieldName(formula[0]), Message: FORMULA_MESSAGE });
      continue;
    }
    const parsed = CardholderFileRow.safeParse(Object.fromEntries(Object.entries(r.values).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ Row: r.row, Field: cardFieldName(String(issue.path[0] ?? '')), Message: issue.message });
      continue;
    }
    valid.push({ row: r.row, values: valuesOf(b, parsed.data) });
  }
  const t = await taken(
    tx,
    b.v_uid,
    valid.map((v) => v.values.v_identifier),
    valid.map((v) => v.values.v_email),
  );
  const seenId = new Map<string, number>();
  const seenMail = new Map<string, number>();
  const accepted: ReturnType<typeof valuesOf>[] = [];
  for (const v of valid) {
    const id = v.values.v_identifier;
    const mail = v.values.v_email;
    if (t.identifiers.has(id)) errors.push({ Row: v.row, Field: cardFieldName('CardholderIdentifier'), Message: IDENTIFIER_TAKEN });
    else if (seenId.has(id))
      errors.push({ Row: v.row, Field: cardFieldName('CardholderIdentifier'), Message: `Identificador duplicado en el archivo (fila ${seenId.get(id)})` });
    else if (t.emails.has(mail)) errors.push({ Row: v.row, Field: cardFieldName('Email'), Message: EMAIL_TAKEN });
    else if (seenMail.has(mail))
      errors.push({ Row: v.row, Field: cardFieldName('Email'), Message: `Correo duplicado en el archivo (fila ${seenMail.get(mail)})` });
    else {
      seenId.set(id, v.row);
      seenMail.set(mail, v.row);
      accepted.push(v.values);
    }
  }
  for (let i = 0; i < accepted.length; i += 1000) await tx.insert(cardholders).values(accepted.slice(i, i + 1000));
  if (accepted.length) {
    await recordActivity(tx, {
      actor,
      section: SECTION,
      action: 'Agregar',
      activity: `Cargó ${accepted.length} tarjetahabientes desde ${filename}`,
      detail: { failed: errors.length },
    });
  }
  errors.sort((a, b2) => a.Row - b2.Row);
  const failedRows = new Set(errors.map((e) => e.Row)).size;
  return { TotalRecords: rows.length, CreatedRecords: accepted.length, FailedRecords: failedRows, Errors: errors };
}

export async function listCardholders(db: DbOrTx, b: BusinessRow, q: z.output<typeof CardholderListBody>) {
  const conditions: SQL[] = [eq(cardholders.v_uid_business, b.v_uid)];
  if (q.IsLocked !== undefined) conditions.push(eq(cardholders.b_locked, q.IsLocked));
  // The search's own matcher for cardholders (modules/search): name words, identifier, e-mail.
  if (q.Search) conditions.push(MATCH.cardholder(inline(searchValues(q.Search))));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(cardholders).where(where);
  const rows = await db
    .select()
    .from(cardholders)
    .where(where)
    .orderBy(desc(cardholders.d_create_at), desc(cardholders.v_uid))
    .limit(q.Size)
    .offset(offsetOf(q));
  return toPage(await withCounts(db, rows), total?.n ?? 0, q);
}

export async function cardholderById(db: DbOrTx, b: BusinessRow, id: string) {
  const [row] = await db
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.v_uid, id), eq(cardholders.v_uid_business, b.v_uid)));
  if (!row) return null;
  return (await withCounts(db, [row]))[0]!;
}

export async function cardholdersByEmails(db: DbOrTx, b: BusinessRow, emails: string[]) {
  const rows = await db
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.v_uid_business, b.v_uid), inArray(cardholders.v_email, emails)));
  return withCounts(db, rows);
}

export async function updateCardholder(tx: Tx, actor: Actor, b: BusinessRow, d: z.output<typeof CardholderUpdateBody> | z.output<typeof CardholderNamesBody>) {
  const current = await cardholderOf(tx, b.v_uid, d.CardholderIdentifier, { forUpdate: true });
  const set: Partial<typeof cardholders.$inferInsert> = { d_update_at: new Date() };
  if (d.Names !== undefined) set.v_names = d.Names;
  if (d.LastName !== undefined) set.v_last_name_1 = d.LastName;
  if ('SecondLastName' in d) set.v_last_name_2 = d.SecondLastName ?? null;
  if ('Email' in d && d.Email !== undefined && d.Email !== current.v_email) {
    if ((await taken(tx, b.v_uid, [], [d.Email])).emails.size) throw conflict(EMAIL_TAKEN);
    set.v_email = d.Email;
  }
  if ('PhoneCode' in d && d.PhoneCode !== undefined) set.v_phone_code = d.PhoneCode;
  if ('CellPhone' in d && d.CellPhone !== undefined) set.v_cell_phone = d.CellPhone;
  if ('Curp' in d && d.Curp !== undefined) set.v_curp = d.Curp;
  if ('Rfc' in d && d.Rfc !== undefined) set.v_rfc = d.Rfc;
  if ('BirthDate' in d && d.BirthDate !== undefined) set.d_birth_date = d.BirthDate;
  const [row] = await tx.update(cardholders).set(set).where(eq(cardholders.v_uid, current.v_uid)).returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Editar', activity: `Actualizó al tarjetahabiente ${current.v_identifier}` });
  return (await withCounts(tx, [row!]))[0]!;
}

/** Locking a cardholder locks every card of theirs that is not cancelled; unlocking leaves the cards locked. */
export async function lockCardholder(tx: Tx, actor: Actor, b: BusinessRow, identifier: string, lock: boolean) {
  const h = await cardholderOf(tx, b.v_uid, identifier, { forUpdate: true });
  const [row] = await tx.update(cardholders).set({ b_locked: lock, d_update_at: new Date() }).where(eq(cardholders.v_uid, h.v_uid)).returning();
  if (lock) {
    await tx
      .update(cards)
      .set({ b_blocked: true, d_update_at: new Date() })
      .where(and(eq(cards.v_uid_cardholder, h.v_uid), sql`${cards.i_status} <> 4`));
  }
  await recordActivity(tx, {
    actor,
    section: SECTION,
    action: lock ? 'Bloquear' : 'Desbloquear',
    activity: `${lock ? 'Bloqueó' : 'Desbloqueó'} al tarjetahabiente ${h.v_identifier} (${fullNameOf(h)})`,
  });
  return (await withCounts(tx, [row!]))[0]!;
}

export async function unlinkMobile(tx: Tx, actor: Actor, b: BusinessRow, identifier: string) {
  const h = await cardholderOf(tx, b.v_uid, identifier, { forUpdate: true });
  const [row] = await tx.update(cardholders).set({ b_mobile_linked: false, d_update_at: new Date() }).where(eq(cardholders.v_uid, h.v_uid)).returning();
  await recordActivity(tx, { actor, section: SECTION, action: 'Desvincular', activity: `Desvinculó el celular del tarjetahabiente ${h.v_identifier}` });
  return (await withCounts(tx, [row!]))[0]!;
}

export async function countByBusiness(db: DbOrTx, b: BusinessRow) {
  const [row] = await db
    .select({ total: count(), locked: sql<number>`count(*) FILTER (WHERE ${cardholders.b_locked})::int` })
    .from(cardholders)
    .where(eq(cardholders.v_uid_business, b.v_uid));
  return { BusinessId: b.v_uid, Total: row?.total ?? 0, Locked: Number(row?.locked ?? 0) };
}

/** For validate-exists: is this e-mail already a cardholder anywhere (any business)? */
export async function cardholderEmailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: cardholders.v_uid }).from(cardholders).where(eq(cardholders.v_email, email)).limit(1);
  return !!row;
}
