import type { FastifyInstance } from 'fastify';
import { cmsRoutes } from './routes';

export { seedContentTypes, seedCmsDemo } from './seed';
export { acceptAtSignup } from './readers';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(cmsRoutes);
}
