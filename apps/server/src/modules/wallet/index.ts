// The wallet as an e-money account (issue 11): routes only; other modules reach wallets through the SPEI module's holder directory.
import type { FastifyInstance } from 'fastify';
import { walletMoneyRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(walletMoneyRoutes);
}
