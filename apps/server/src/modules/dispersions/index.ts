// Dispersions: batch SPEI outs from a file, now or on a future day (docs/decisions/0014-dispersions.md).
export { dispersionRoutes } from './routes';
export { legacyDispersalRoutes } from './legacy-routes';
export { registerDispersionJobs } from './jobs';
export { createDispersion, startDispersion, runChunk, onRowOutcome, START_JOB, RUN_JOB } from './service';
export { planDispersion } from './plan';
export { parseDispersionFile } from './file';
