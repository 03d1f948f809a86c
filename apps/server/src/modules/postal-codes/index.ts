import type { FastifyInstance } from 'fastify';
import { postalCodeRoutes } from './routes';

export { lookupPostalCode, resolveAddress, seedPostalCodes, type ResolvedAddress } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(postalCodeRoutes);
}
