import type { FastifyInstance } from 'fastify';
import { staffRoutes } from './routes';

export { listStaff, getStaff, getStaffByEmail, createStaff, updateStaff, staffActions, setStaffPhoto, staffPhoto, seedDepartments } from './service';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
}
