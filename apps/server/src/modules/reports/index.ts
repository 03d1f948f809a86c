// Reports: the /report screen's calls and the scheduled-report job.
import type { FastifyInstance } from 'fastify';
import { reportRoutes } from './routes';

export async function register(app: FastifyInstance): Promise<void> {
  await app.register(reportRoutes);
}
