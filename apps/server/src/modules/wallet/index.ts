// The wallet as an e-money account (issue 11): routes; it provides the SPEI module's hooks on wallet holders, and clarifications check a wallet user's tracking key here.
import type { FastifyInstance } from 'fastify';
import { provideWalletHolders } from './account';
import { walletMoneyRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  provideWalletHolders();
  await app.register(walletMoneyRoutes);
}
export { walletMovementByTrackingKey } from './movements';
export { walletClabesSince } from './account';
