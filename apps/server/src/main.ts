import { buildApp } from './app';
import { nowMs, setClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFunctionCatalogue } from './db/default-functions';
import { ensureDefaultHosts } from './db/default-hosts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo/seed';
import { ensurePlatformAdminTotpFrom } from './features/auth/two-factor.repository';
import { ensureDefaultForms } from './features/forms/default-forms';
import { sqlPauseLogger } from './features/reliability/sql-pause';
import { startWorkers } from './jobs/workers';

const config = loadConfig();
// Tests only (production refuses it): run the whole server at a chosen moment.
if (config.testNow) setClock(config.testNow);
// Tests only (production refuses it): freeze at a chosen statement so the fault suite kills there.
const pause = config.testPauseSql;
const database = await openDatabase(config, pause ? sqlPauseLogger(pause.pattern, pause.nth) : undefined);
await database.migrate();
await ensureDefaultHosts(database.db);
await database.db.transaction((tx) => ensureDefaultForms(tx));
await ensureFunctionCatalogue(database.db);
// A new installation gives its platform admins 30 days to set up the second factor (the platform moves the date).
await ensurePlatformAdminTotpFrom(database.db, new Date(nowMs() + 30 * 86_400_000));
const seeded = config.demo ? await seedDemoIfEmpty(database.db) : false;

const { app, deps } = await buildApp(config, database);
const stopWorkers = config.worker ? startWorkers(deps) : async () => {};

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await stopWorkers();
  await app.close();
  await database.close();
  process.exit(0);
}
// A stray rejected promise (a dropped database connection in a fire-and-forget call) is logged;
// it must not take down a server that every other request still reaches.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
if (config.env === 'production' && !config.publicUrl) {
  app.log.warn('PUBLIC_URL ist nicht gesetzt: Links in E-Mails von Zentren ohne eigenen Host zeigen auf localhost.');
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

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
