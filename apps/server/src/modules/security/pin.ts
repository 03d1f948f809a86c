import { attemptsLeftText, attemptsRemainingText } from '@far/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, rule } from '../../platform/errors';
import { verifySecret } from '../../platform/passwords';
import { recordActivity } from '../audit';
import * as users from '../users';

// The wallet PIN is a security credential: checked here, for the security routes and the session's
// Pin/Validate alike (it lived in session, which security could not import without a cycle).
export const PIN_TRIES = 3;

/**
 * Whether `pin` is the user's wallet PIN (a right one restores the tries), read under the user's
 * row lock: a concurrent guess waits until this one's try is counted. A wrong one writes nothing
 * here: the caller counts it with wrongPin in the same transaction and commits it.
 */
export async function checkPin(tx: Tx, actor: Actor, pin: string): Promise<boolean> {
  const user = (await users.getUser(tx, actor.userId, { forUpdate: true }))!;
  if (!user.v_pin_hash) throw rule('Aún no configuras tu NIP. Hazlo desde tu perfil.');
  if (user.i_pin_attempts <= 0) throw rule('Tu NIP está bloqueado por exceder los intentos. Configúralo de nuevo con un código de seguridad.');
  if (!(await verifySecret(user.v_pin_hash, pin))) return false;
  if (user.i_pin_attempts !== PIN_TRIES) await users.updateUser(tx, user.v_uid, { i_pin_attempts: PIN_TRIES });
  return true;
}

/** Counts a wrong PIN (and records it) and gives the refusal to answer. */
export async function wrongPin(db: DbOrTx, actor: Actor): Promise<AppError> {
  const left = await users.registerFailedPin(db, actor.userId);
  await recordActivity(db, { actor, section: 'Seguridad', action: 'Intento fallido', activity: `NIP incorrecto (${attemptsRemainingText(left)})` });
  const message = left > 0 ? `El NIP no es correcto. ${attemptsLeftText(left)}.` : 'El NIP no es correcto. Se bloqueó por exceder los intentos.';
  return new AppError('VALIDATION', message, { errors: [{ field: 'Pin', key: 'pin', message }] });
}

/** Wrong tries are committed before the refusal, so they count even though the call fails. */
export async function validatePin(db: Db, actor: Actor, pin: string): Promise<void> {
  const refusal = await db.transaction(async (tx) => ((await checkPin(tx, actor, pin)) ? null : wrongPin(tx, actor)));
  if (refusal) throw refusal;
}
