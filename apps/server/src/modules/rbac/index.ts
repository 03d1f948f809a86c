import type { FastifyInstance } from 'fastify';
import { usersPerRole } from './hooks';
import { rbacRoutes } from './routes';

export { seedRbac, grantsForRole, menuFor, roleCatalog } from './service';
export { usersPerRole };

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(rbacRoutes({ usersPerRole }));
}
