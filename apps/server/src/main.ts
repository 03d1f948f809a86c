import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './modules/seed';
import { startOutboxSender } from './modules/outbox';
import { startJobPoller } from './modules/jobs';
import { startStpDispatcher } from './modules/stp';
import { scheduleReconciliation } from './modules/reconciliation';

async function main() {
  const config = loadConfig();
  // Embedded mode runs PGlite in a worker thread, beside the HTTP thread (db/pglite-thread.ts).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: config.databasePoolSize,
    thread: true,
  });
  await runMigrations(database, () => seed(database.db, config));
  const app = await buildApp({ config, database });
  const stopSender = config.smtpUrl ? startOutboxSender(database, config.smtpUrl, config.smtpFrom) : () => undefined;
  // Background jobs (SPEI submission and settlement); the handlers were registered by buildApp.
  // The daily SPEI reconciliation's chain of jobs starts with the last closed day (decision 0031).
  await scheduleReconciliation(database.db, new Date());
  const stopJobs = startJobPoller(database.db, { intervalMs: config.jobsPollMs, onError: (err) => app.log.error({ err }, 'jobs: error al procesar') });
  // SPEI_RAIL=stp: orders go to STP from here, outside the jobs' transactions (docs/decisions/0026-stp-rail.md).
  const stopStp = config.stp
    ? startStpDispatcher(database.db, config.stp, { intervalMs: config.jobsPollMs, onError: (err) => app.log.error({ err }, 'stp: error al despachar') })
    : async () => undefined;
  const shutdown = async () => {
    stopSender();
    await stopJobs();
    await stopStp();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`FAR Portal en http://localhost:${config.port} (${database.kind}${config.seedDemo ? ', datos de demostración' : ''})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
