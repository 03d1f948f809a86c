import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { confirmMoney } from '../../platform/money-command';
import { confirmInTransaction } from './confirm';
import { PIN_TRIES, validatePin } from './pin';
import { securityRoutes } from './routes';

export { issueCode, consumeCode, codeWasIssued, maskEmail, maskPhone, CODE_TTL_SECONDS, CODE_TRIES } from './service';
export { validatePin, PIN_TRIES };

export async function register(app: FastifyInstance, ctx: AppContext): Promise<void> {
  confirmMoney.provide(confirmInTransaction);
  await app.register(securityRoutes({ validatePin: (actor, pin) => validatePin(ctx.db, actor, pin) }));
}
