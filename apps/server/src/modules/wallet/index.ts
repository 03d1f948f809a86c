// The wallet as an e-money account (issue 11): routes; other modules reach wallets through the SPEI module's holder directory, and clarifications check a wallet user's tracking key here.
import type { FastifyInstance } from 'fastify';
import { walletMoneyRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(walletMoneyRoutes);
}
export { walletMovementByTrackingKey } from './movements';
export { walletClabesSince } from './account';
