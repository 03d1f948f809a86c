import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { attemptsLeftText } from '@far/contracts';
import type { Db, DbOrTx } from '../../db/client';
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
    .where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation), gte(securityCodes.d_create_at, new Date(now.getTime() - 600_000))));
  if ((recent?.total ?? 0) >= ISSUE_LIMIT) throw new AppError('RATE_LIMIT', 'Has solicitado demasiados códigos. Espera unos minutos e inténtalo de nuevo.');
  await db
    .update(securityCodes)
    .set({ d_used_at: now })
    .where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation), isNull(securityCodes.d_used_at)));
  const code = sixDigitCode();
  const [row] = await db
    .insert(securityCodes)
    .values({ v_uid_user: userId, v_operation: operation, v_code_hash: 'pending', d_expires_at: new Date(now.getTime() + CODE_TTL_SECONDS * 1000), i_attempts_left: CODE_TRIES })
    .returning({ v_uid: securityCodes.v_uid });
  await db.update(securityCodes).set({ v_code_hash: hashCode(row!.v_uid, code) }).where(eq(securityCodes.v_uid, row!.v_uid));
  return code;
}

/**
 * Checks and consumes a code in a transaction of its own, so a wrong try is counted even when
 * the operation it protects is refused. Throws a Spanish error on any failure.
 */
export async function consumeCode(db: Db, userId: string, operation: string, code: string, now = new Date()): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(securityCodes)
      .where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation), isNull(securityCodes.d_used_at)))
      .orderBy(sql`${securityCodes.d_create_at} DESC`)
      .limit(1)
      .for('update');
    if (!row) return 'missing' as const;
    if (row.d_expires_at <= now) {
      await tx.update(securityCodes).set({ d_used_at: now }).where(eq(securityCodes.v_uid, row.v_uid));
      return 'expired' as const;
    }
    if (row.v_code_hash === hashCode(row.v_uid, code)) {
      await tx.update(securityCodes).set({ d_used_at: now }).where(eq(securityCodes.v_uid, row.v_uid));
      return 'ok' as const;
    }
    const left = row.i_attempts_left - 1;
    await tx.update(securityCodes).set({ i_attempts_left: left, d_used_at: left <= 0 ? now : null }).where(eq(securityCodes.v_uid, row.v_uid));
    return left;
  });
  if (outcome === 'ok') return;
  if (outcome === 'missing') throw new AppError('BUSINESS_RULE', 'No hay un código vigente para esta operación. Solicita uno nuevo.');
  if (outcome === 'expired') throw new AppError('BUSINESS_RULE', 'El código expiró. Solicita uno nuevo.');
  const message = outcome > 0 ? `El código no es correcto. ${attemptsLeftText(outcome)}.` : 'El código no es correcto. Se agotaron los intentos; solicita uno nuevo.';
  throw new AppError('VALIDATION', message, { errors: [{ field: 'Code', key: 'code', message }] });
}

/** Whether a code for `operation` was ever issued to the user (used, expired or live). */
export async function codeWasIssued(db: DbOrTx, userId: string, operation: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(securityCodes).where(and(eq(securityCodes.v_uid_user, userId), eq(securityCodes.v_operation, operation))).limit(1);
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
