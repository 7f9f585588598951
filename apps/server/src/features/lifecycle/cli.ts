import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { germanDate } from '@tz/shared/rules/german-date';
import { wallClockOf } from '@tz/shared/rules/time-zone';
import { now, setClock } from '../../clock';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createFirstPlatformAdmin } from '../platform/first-admin';
import { restoreBackup, writeBackup } from './backup';
import { runRetention } from './retention';

/**
 * npm run backup [-- --file F] · npm run restore -- F --yes · npm run retention [-- --dry-run] [--today YYYY-MM-DD]
 * · npm run platform-admin -- --email E --name N (password on standard input): the first platform admin
 * Against the database the server uses (DATABASE_URL, or PGlite in PGLITE_DIR, default DATA_DIR/pglite — stop the server first: PGlite
 * belongs to one process). Paths are taken relative to where npm was called.
 */
const [command, ...args] = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const here = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const config = loadConfig();
if (config.testNow) setClock(config.testNow);
const database = await openDatabase(config);
try {
  await database.migrate();
  if (command === 'backup') {
    const stamp = now().toISOString().slice(0, 19).replace(/:/g, '-');
    const file = here(option('--file') ?? path.join(config.backupDir, `tz-backup-${stamp}.jsonl.gz`));
    mkdirSync(path.dirname(file), { recursive: true });
    const r = await writeBackup(database.db, file, now());
    console.log(`Sicherung geschrieben: ${file} (${r.tables} Tabellen, ${r.rows} Zeilen)`);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new AppError(400, 'USAGE', 'Aufruf: npm run restore -- <Sicherungsdatei> --yes');
    if (!flag('--yes'))
      throw new AppError(
        400,
        'CONFIRM',
        `Die Wiederherstellung ersetzt ALLE Daten der Datenbank (${config.databaseUrl ? 'PostgreSQL' : config.pgliteDir}) durch die der Sicherung. Zum Bestätigen mit --yes aufrufen.`,
      );
    const r = await restoreBackup(database.db, here(file));
    console.log(`Wiederhergestellt: ${r.tables} Tabellen, ${r.rows} Zeilen aus ${here(file)}`);
  } else if (command === 'retention') {
    const today = option('--today') ?? wallClockOf(now(), 'Europe/Berlin').date;
    const r = await runRetention(database.db, { until: config.retentionUntil, today, dryRun: flag('--dry-run') });
    const verb = r.due && !r.dryRun ? 'entfernt' : 'würden entfernt';
    console.log(
      r.due
        ? `Aufbewahrungsfrist bis ${germanDate(r.until)} abgelaufen. Personenbezogene Daten ${verb}${r.dryRun ? ' (Probelauf, nichts geändert)' : ''}:`
        : `Die Aufbewahrungsfrist läuft bis ${germanDate(r.until)}: nichts entfernt. Nach Ablauf würden entfernt:`,
    );
    console.table({
      'Kunden (anonymisiert)': r.customers,
      'Termine (Notizen entfernt)': r.appointments,
      Fragebögen: r.formSubmissions,
      'ÖGD-Formulare': r.oegdForms,
      'DEMIS-Meldungen': r.demisReports,
      Onlinebuchungen: r.bookings,
      Ergebnislinks: r.resultLinks,
      'Protokolleinträge (Werte entfernt)': r.auditRows,
      'Versendete E-Mails': r.mails,
      Buchungsversuche: r.bookingAttempts,
    });
  } else if (command === 'platform-admin') {
    const email = option('--email');
    const name = option('--name');
    if (!email || !name)
      throw new AppError(
        400,
        'USAGE',
        'Aufruf: printf %s "$PASSWORT" | npm run platform-admin -- --email <E-Mail> --name <Name> [--platform <Name des Plattformbetriebs>]',
      );
    // The password comes on standard input: never on the command line (ps) or in the environment.
    const password = (await readStdin()).replace(/\r?\n$/, '');
    const r = await createFirstPlatformAdmin(database.db, {
      email,
      name,
      password,
      platformName: option('--platform') ?? 'Plattformbetrieb',
    });
    console.log(
      `Plattform-Administrator ${email} angelegt (Zentrum ${r.staffId}). Anmelden und die Zentren in der Centerliste anlegen.`,
    );
  } else {
    throw new AppError(
      400,
      'USAGE',
      'Aufruf: npm run backup | npm run restore -- <Datei> --yes | npm run retention [-- --dry-run] | npm run platform-admin -- --email … --name …',
    );
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
