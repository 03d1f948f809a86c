import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { attemptsLeftText } from '@far/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { sha256, sixDigitCode } from '../../platform/crypto';
import { securityCodes } from './schema';

export const CODE_TTL_SECONDS = 300;
export const CODE_TRIES = 3;
/** Codes one user may request for one operation in ten minutes. */
const ISSUE_LIMIT = 5;

const hashCode = (codeId: string, code: string) => sha256(`${codeId}:${code}`);

/**
 * A new six-digit code for (user, operation). Earlier unused codes of the same pair stop working,
 * so only the latest message is valid. Returns the code for the caller to deliver via the outbox.
 */
export async function issueCode(db: DbOrTx, userId: string, operation: string, now = new Date()): Promise<string> {
  const [recent] = await db
    .select({ total: count() })
    .from(securityCodes)
    .where(
      and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation), gte(securityCodes.d_create_at, new Date(now.getTime() - 600_000))),
    );
  if ((recent?.total ?? 0) >= ISSUE_LIMIT) throw new AppError('RATE_LIMIT', 'Has solicitado demasiados códigos. Espera unos minutos e inténtalo de nuevo.');
  await db
    .update(securityCodes)
    .set({ d_used_at: now })
    .where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation), isNull(securityCodes.d_used_at)));
  const code = sixDigitCode();
  const [row] = await db
    .insert(securityCodes)
    .values({
      v_uid_user: userId,
      v_operation: operation,
      v_code_hash: 'pending',
      d_expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      i_attempts_left: CODE_TRIES,
    })
    .returning({ v_uid: securityCodes.v_uid });
  await db
    .update(securityCodes)
    .set({ v_code_hash: hashCode(row!.v_uid, code) })
    .where(eq(securityCodes.v_uid, row!.v_uid));
  return code;
}

/** What one try did to the user's live code of an operation (none: 'missing'). */
export type CodeTry = { id: string; outcome: 'ok' | 'expired' | number } | 'missing';

/**
 * Checks and spends the user's live code of `operation` in one statement: a right code is used,
 * an expired one is closed, a wrong one loses a try (the last one closes it). Atomic on its own, so
 * outside a transaction a wrong try counts whatever happens next; inside the money command's
 * transaction the command commits it (SpentTry). The row lock makes a concurrent try wait for this
 * one's outcome.
 */
export async function spendCode(db: DbOrTx, userId: string, operation: string, code: string, now = new Date()): Promise<CodeTry> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    WITH live AS (
      SELECT v_uid, d_expires_at <= ${at}::timestamptz AS expired,
             v_code_hash = encode(sha256(convert_to(v_uid::text || ':' || ${code}, 'UTF8')), 'hex') AS right_code
      FROM security_codes
      WHERE v_uid_user = ${userId} AND v_operation = ${operation} AND d_used_at IS NULL
      ORDER BY d_create_at DESC LIMIT 1
      FOR UPDATE
    )
    UPDATE security_codes s
    SET i_attempts_left = CASE WHEN live.expired OR live.right_code THEN s.i_attempts_left ELSE s.i_attempts_left - 1 END,
        d_used_at = CASE WHEN live.expired OR live.right_code OR s.i_attempts_left <= 1 THEN ${at}::timestamptz END
    FROM live WHERE s.v_uid = live.v_uid
    RETURNING s.v_uid AS id, live.expired, live.right_code, s.i_attempts_left AS left`)) as unknown as {
    rows: Array<{ id: string; expired: boolean; right_code: boolean; left: number }>;
  };
  const row = result.rows[0];
  if (!row) return 'missing';
  return { id: row.id, outcome: row.expired ? 'expired' : row.right_code ? 'ok' : Number(row.left) };
}

/** The Spanish refusal of a try, or null when the code was right. */
export function codeRefusal(t: CodeTry): AppError | null {
  if (t === 'missing') return new AppError('BUSINESS_RULE', 'No hay un código vigente para esta operación. Solicita uno nuevo.');
  if (t.outcome === 'ok') return null;
  if (t.outcome === 'expired') return new AppError('BUSINESS_RULE', 'El código expiró. Solicita uno nuevo.');
  const message =
    t.outcome > 0 ? `El código no es correcto. ${attemptsLeftText(t.outcome)}.` : 'El código no es correcto. Se agotaron los intentos; solicita uno nuevo.';
  return new AppError('VALIDATION', message, { errors: [{ field: 'Code', key: 'code', message }] });
}

/** Checks and consumes a code on its own (sign-up, password reset, card reveal…). Throws a Spanish error on any failure. */
export async function consumeCode(db: DbOrTx, userId: string, operation: string, code: string, now = new Date()): Promise<void> {
  const refusal = codeRefusal(await spendCode(db, userId, operation, code, now));
  if (refusal) throw refusal;
}

/** Whether a code for `operation` was ever issued to the user (used, expired or live). */
export async function codeWasIssued(db: DbOrTx, userId: string, operation: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(securityCodes)
    .where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation)))
    .limit(1);
  return row !== undefined;
}

/** "e***@d***.mx": enough for the person to recognise it, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const parts = domain.split('.');
  const host = parts.shift() ?? '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${parts.length ? '.' + parts.join('.') : ''}`;
}

export const maskPhone = (phone: string) => `******${phone.slice(-4)}`;
