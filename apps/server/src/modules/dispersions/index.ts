// Dispersions: batch SPEI outs from a file, now or on a future day (docs/decisions/0014-dispersions.md).
import type { FastifyInstance } from 'fastify';
import { registerDispersionJobs } from './jobs';
import { legacyDispersalRoutes } from './legacy-routes';
import { dispersionRoutes } from './routes';
export { createDispersion, startDispersion, runChunk, onRowOutcome, START_JOB, RUN_JOB } from './service';
export { planDispersion } from './plan';
export { parseDispersionFile } from './file';
export { dispersionRowBatches, dispersionsPerStatus, type DispersionReportFilter, type DispersionReportRow } from './report-rows';

/** The dispersion routes (and the legacy /api/v1/dispersal* ones over the same data) and its jobs. */
export async function register(app: FastifyInstance): Promise<void> {
  registerDispersionJobs();
  await app.register(dispersionRoutes);
  await app.register(legacyDispersalRoutes);
}
