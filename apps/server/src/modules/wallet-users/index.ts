import type { FastifyInstance } from 'fastify';
import { walletRoutes } from './routes';

export { walletUserForActor, isActiveAlly, liveWalletUser } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(walletRoutes);
}
