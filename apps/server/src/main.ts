import { buildApp } from './app';
import { nowMs, setClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFunctionCatalogue } from './db/default-functions';
import { ensureDefaultHosts } from './db/default-hosts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo/seed';
import { ensurePlatformAdminTotpFrom } from './features/auth/two-factor.repository';
import { ensureDefaultForms } from './features/forms/default-forms';
import { Readiness } from './features/operations/readiness';
import { sqlPauseLogger } from './features/reliability/sql-pause';
import { startWorkers } from './jobs/workers';

const config = loadConfig();
// Tests only (production refuses it): run the whole server at a chosen moment.
if (config.testNow) setClock(config.testNow);
// Tests only (production refuses it): freeze at a chosen statement so the fault suite kills there.
const pause = config.testPauseSql;
const database = await openDatabase(config, pause ? sqlPauseLogger(pause.pattern, pause.nth) : undefined);
// Listening before the migrations: /api/health and /api/ready answer at once (ready: no, 503), every
// other call gets 503 until the database is migrated and the instance is ready (docs/operations.md).
const readiness = new Readiness('starting');
const { app, deps } = await buildApp(config, database, { readiness });
let stopWorkers = async () => {};

let closing = false;
/**
 * SIGTERM (systemd stop, a deploy): readiness says no at once and the workers take no new job (an export
 * under way gives its job back); after DRAIN_DELAY_SECONDS (default 0) the listener closes and requests
 * under way finish, then the process ends. After SHUTDOWN_GRACE_SECONDS more it ends anyway.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  readiness.drain();
  app.log.info({ signal }, 'draining');
  const { drainDelaySeconds, shutdownGraceSeconds } = config.operations;
  const forced = setTimeout(
    () => {
      app.log.error({ seconds: shutdownGraceSeconds }, 'requests still running after the grace time');
      process.exit(1);
    },
    (drainDelaySeconds + shutdownGraceSeconds) * 1000,
  );
  forced.unref();
  await Promise.all([stopWorkers(), new Promise((r) => setTimeout(r, drainDelaySeconds * 1000))]);
  await app.close();
  await database.close();
  app.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A stray rejected promise (a dropped database connection in a fire-and-forget call) is logged;
// it must not take down a server that every other request still reaches.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));

await app.listen({ port: config.port, host: config.host });

await database.migrate();
await ensureDefaultHosts(database.db);
await database.db.transaction((tx) => ensureDefaultForms(tx));
await ensureFunctionCatalogue(database.db);
// A new installation gives its platform admins 30 days to set up the second factor (the platform moves the date).
await ensurePlatformAdminTotpFrom(database.db, new Date(nowMs() + 30 * 86_400_000));
const seeded = config.demo ? await seedDemoIfEmpty(database.db) : false;
if (!closing) {
  readiness.started();
  if (config.worker) stopWorkers = startWorkers({ ...deps, log: app.log });
}

if (config.env === 'production' && !config.publicUrl) {
  app.log.warn('PUBLIC_URL ist nicht gesetzt: Links in E-Mails von Zentren ohne eigenen Host zeigen auf localhost.');
}
// PORT=0 picks a free port (the e2e tests start one server per worker): print the real one.
const address = app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
const lines = [
  '',
  `  Testzentrum Backoffice läuft: ${url}`,
  `  Datenbank: ${database.kind === 'pglite' ? `PGlite (${config.pgliteDir})` : 'PostgreSQL'}${seeded ? ', Demodaten angelegt' : ''}`,
];
if (config.demo) {
  lines.push(`  Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(28)} ${l.role}`);
}
lines.push('  Beenden mit Strg+C', '');
console.log(lines.join('\n'));
