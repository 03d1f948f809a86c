import type { Tx } from '../../db/client';
import type { Actor } from '../../platform/context';
import { SpentTry, type Confirmation } from '../../platform/money-command';
import { checkPin, wrongPin } from './pin';
import { codeRefusal, spendCode } from './service';

/**
 * The money command's confirmation, inside its transaction: the code is checked and spent in one
 * statement, the PIN checked under its user's row lock. A wrong one (or an expired code) is written
 * here and thrown as a SpentTry, which the command commits alone, so it counts; a right code whose
 * movement is refused is not spent (it rolls back with it).
 */
export async function confirmInTransaction(tx: Tx, actor: Actor, c: Confirmation, now: Date): Promise<void> {
  if (c.by === 'pin') {
    if (!(await checkPin(tx, actor, c.pin))) throw new SpentTry(await wrongPin(tx, actor));
    return;
  }
  const spent = await spendCode(tx, actor.userId, c.operation, c.code, now);
  const refusal = codeRefusal(spent);
  if (!refusal) return;
  if (spent === 'missing') throw refusal;
  throw new SpentTry(refusal);
}
