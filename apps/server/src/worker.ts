import { setClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './features/operations/request-log';
import { runWorkersOnce, startWorkers, WORKERS } from './jobs/workers';

/**
 * `npm run worker`: the background workers (export queue, mail outbox) in a
 * process of their own, without the web server — beside servers started with
 * WORKER=0, or several of them: they share the queues through the database
 * (FOR UPDATE SKIP LOCKED). Scheduled backups and retention (BACKUP_SCHEDULE, RETENTION_SCHEDULE) run
 * here too, each slot once across all processes. `--once` works through the queues once and ends
 * (e.g. from cron at night; no scheduled jobs). Start it after a server has migrated the database.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker braucht DATABASE_URL (PostgreSQL): die eingebettete Datenbank (PGlite) gehört dem Serverprozess, dessen Worker (WORKER, Standard an) die Exporte dort erzeugt.',
  );
  process.exit(1);
}
if (config.testNow) setClock(config.testNow);
const database = await openDatabase(config);
// JSON lines without personal data, as the server's (request-log.ts).
const log = createLogger(config.logLevel === 'silent' ? 'silent' : config.logLevel);
const deps = { db: database.db, config, database, log };
const once = process.argv.includes('--once');
const stopping = new AbortController();

if (once) {
  process.on('SIGINT', () => stopping.abort());
  process.on('SIGTERM', () => stopping.abort());
  await runWorkersOnce(deps, stopping.signal);
  await database.close();
  process.exit(0);
}

// Without the server, a worker that the server's settings switch off (interval 0) runs every minute here.
const stop = startWorkers({
  ...deps,
  config: { ...config, exportPollSeconds: config.exportPollSeconds || 60 },
});
console.log(`Worker läuft (${WORKERS.map((w) => w.name).join(', ')}). Beenden mit Strg+C`);
let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
