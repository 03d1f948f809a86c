import { attemptsLeftText, attemptsRemainingText } from '@far/contracts';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/context';
import { AppError, rule } from '../../platform/errors';
import { verifySecret } from '../../platform/passwords';
import { recordActivity } from '../audit';
import * as users from '../users';

// The wallet PIN is a security credential: checked here, for the security routes and the session's
// Pin/Validate alike (it lived in session, which security could not import without a cycle).
export const PIN_TRIES = 3;

/** Wrong tries are committed before the refusal, so they count even though the call fails. */
export async function validatePin(db: Db, actor: Actor, pin: string): Promise<void> {
  const user = (await users.getUser(db, actor.userId))!;
  if (!user.v_pin_hash) throw rule('Aún no configuras tu NIP. Hazlo desde tu perfil.');
  if (user.i_pin_attempts <= 0) throw rule('Tu NIP está bloqueado por exceder los intentos. Configúralo de nuevo con un código de seguridad.');
  if (await verifySecret(user.v_pin_hash, pin)) {
    if (user.i_pin_attempts !== PIN_TRIES) await users.updateUser(db, user.v_uid, { i_pin_attempts: PIN_TRIES });
    return;
  }
  const left = await users.registerFailedPin(db, user.v_uid);
  await recordActivity(db, { actor, section: 'Seguridad', action: 'Intento fallido', activity: `NIP incorrecto (${attemptsRemainingText(left)})` });
  const message = left > 0 ? `El NIP no es correcto. ${attemptsLeftText(left)}.` : 'El NIP no es correcto. Se bloqueó por exceder los intentos.';
  throw new AppError('VALIDATION', message, { errors: [{ field: 'Pin', key: 'pin', message }] });
}
