/**
 * How many journeys run side by side, each worker on a server of its own (E2E_WORKERS, default 2:
 * a journey waits on the browser and the server in turns, so two share 2 cores well).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
