import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { scheduleError } from './features/operations/schedule';
import { loadOrCreateSecrets, randomSecrets } from './secrets';

/** The only reader of process.env. Parsed once; a bad value stops the start. */

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /**
   * The folder of everything the server writes; each path below defaults to a place in it, so two
   * installations with their own DATA_DIR never share a file. An older installation's DATA_DIR that is
   * itself a PGlite folder (it holds PG_VERSION) is still read as such (see dataLayout()).
   */
  DATA_DIR: z.string().default('./data'),
  /** The PGlite database (without DATABASE_URL); default DATA_DIR/pglite. */
  PGLITE_DIR: z.string().optional(),
  /** Mails as .eml files when no SMTP_URL is set; default DATA_DIR/outbox. */
  OUTBOX_DIR: z.string().optional(),
  /** Where the worker writes the monthly export files (one folder per centre); default DATA_DIR/exports. */
  EXPORT_DIR: z.string().optional(),
  /** Where `npm run backup` writes without --file; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** How often the export worker looks for requested exports; 0: only on the admin's dispatch or `npm run worker`. */
  EXPORT_POLL_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  /** Both unset outside production: random ones, kept in SECRETS_FILE (created at the first start, mode 600). */
  JWT_SECRET: z.string().min(32).optional(),
  CERT_KEY: z.string().min(32).optional(),
  /** Default: DATA_DIR/secrets.json. */
  SECRETS_FILE: z.string().optional(),
  /**
   * Which proxies may tell the client's address and host (X-Forwarded-For/-Host):
   * unset = none (the default; every client is who it connects as), a number = that
   * many proxy hops, otherwise a comma-separated list of proxy addresses or CIDRs
   * (also `loopback`, `linklocal`, `uniquelocal`).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((v) => parseTrustProxy(v) !== undefined, 'erwartet eine Zahl oder eine Komma-Liste von IP-Adressen/CIDRs'),
  /**
   * The address the public reaches this installation at (links in e-mails), e.g.
   * https://termine.example.de. A centre whose host is in the hosts table uses that host.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('')),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** The last day personal data of tests must be kept (TestV documentation: 31.12.2028); npm run retention. */
  RETENTION_UNTIL: z.iso.date().default('2028-12-31'),
  DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOWED_HOSTS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Testzentrum <noreply@testzentrum.example>'),
  SENTRY_DSN: z.string().optional(),
  /** Which DEMIS: gematik's test environment or production; decides the defaults of base URL and client id. */
  DEMIS_ENVIRONMENT: z.enum(['test', 'production']).optional(),
  DEMIS_URL: z.url().optional().or(z.literal('')),
  DEMIS_NOTIFICATION_PATH: z.string().default('notifications/pathogen/v6/fhir/$process-notification'),
  DEMIS_CLIENT_ID: z.string().optional(),
  /** Empty: the server refuses to report (DEMIS would refuse the token anyway). */
  DEMIS_CLIENT_SECRET: z.string().default(''),
  /** Code-system versions the bundle names; they follow DEMIS' live profile package (docs/decisions/008). */
  DEMIS_LOINC_VERSION: z
    .string()
    .regex(/^\d+\.\d+$/)
    .default('2.79'),
  DEMIS_SNOMED_VERSION: z
    .string()
    .regex(/^http:\/\/snomed\.info\/sct\/\d+\/version\/\d{8}$/)
    .default('http://snomed.info/sct/11000274103/version/20241115'),
  /** Extra CA (PEM) to trust for the DEMIS server, e.g. a test environment's own CA. */
  DEMIS_CA_FILE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  WORKER: bool.default(true),
  /** Booking page: the earliest bookable start is this many minutes from now. */
  BOOKING_LEAD_MINUTES: z.coerce.number().int().min(0).max(10080).default(30),
  /** Booking page: how many days ahead customers may book (today counts as day 0). */
  BOOKING_DAYS_AHEAD: z.coerce.number().int().min(0).max(366).default(60),
  /**
   * Booking attempts per person and hour: per e-mail address and per phone number (decision 010).
   * BOOKING_MAX_PER_EMAIL_HOUR is the older name of the same setting.
   */
  BOOKING_MAX_PER_PERSON_HOUR: z.coerce.number().int().positive().optional(),
  BOOKING_MAX_PER_EMAIL_HOUR: z.coerce.number().int().positive().optional(),
  /**
   * Booking attempts per connecting address and hour: only a ceiling against floods, far above one
   * person's use, since a mobile network or a proxy puts many customers behind one address.
   */
  BOOKING_MAX_PER_IP_HOUR: z.coerce.number().int().positive().default(200),
  /** Open (not cancelled) online bookings per e-mail address, centre and appointment day. */
  BOOKING_MAX_OPEN_PER_EMAIL_DAY: z.coerce.number().int().positive().default(3),
  /** Days a mailed result link stays valid. */
  RESULT_LINK_DAYS: z.coerce.number().int().positive().max(365).default(14),
  /** Tests only: the server's clock starts at this instant (ISO 8601) and runs on from there. */
  TEST_NOW: z.iso.datetime({ offset: true }).optional(),
  /** Tests only: /api/test/… (set the clock, create centres with their own logins). */
  TEST_API: bool,
  /**
   * Tests only (the fault suite): the process freezes before the TEST_PAUSE_SQL_NTH-th SQL statement
   * matching this regular expression and says so on stderr, so the test kills it at a known point.
   */
  TEST_PAUSE_SQL: z.string().optional(),
  TEST_PAUSE_SQL_NTH: z.coerce.number().int().positive().default(1),
  /** GET /metrics (Prometheus text format); off unless set. */
  METRICS: bool,
  /** Connecting addresses or CIDRs allowed to read /metrics (comma-separated), e.g. `10.0.5.2, 127.0.0.1`. */
  METRICS_ALLOW: z
    .string()
    .default('')
    .refine((v) => parseAddressList(v) !== undefined, 'erwartet eine Komma-Liste von IP-Adressen/CIDRs'),
  /** Bearer token that also opens /metrics (at least 24 characters). */
  METRICS_TOKEN: z.string().min(24).optional().or(z.literal('')),
  /** Scheduled backups in the worker: a cron expression in Berlin time (e.g. `0 3 * * *`); empty = off. */
  BACKUP_SCHEDULE: z
    .string()
    .default('')
    .refine((v) => scheduleError(v) === undefined, { error: (i) => scheduleError(String(i.input)) }),
  /** How many scheduled backups stay in BACKUP_DIR; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** The retention job (RETENTION_UNTIL) on a schedule, like BACKUP_SCHEDULE; empty = off. */
  RETENTION_SCHEDULE: z
    .string()
    .default('')
    .refine((v) => scheduleError(v) === undefined, { error: (i) => scheduleError(String(i.input)) }),
  /**
   * On SIGTERM: how long the instance keeps serving while /api/ready already says no, for load balancers
   * that probe readiness (nginx without active checks does not: 0, stop listening at once).
   */
  DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** On SIGTERM: how long requests still running may take before the process ends anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATA_DIR: the folder every default path below lies in. */
  dataDir: string;
  pgliteDir: string;
  outboxDir: string;
  exportDir: string;
  backupDir: string;
  exportPollSeconds: number;
  jwtSecret: string;
  certKey: string;
  /** Where generated secrets live (only read when JWT_SECRET/CERT_KEY are not set). */
  secretsFile: string;
  /** Fastify's trustProxy: false, a hop count or proxy addresses. */
  trustProxy: false | number | string[];
  /** PUBLIC_URL without a trailing slash; see publicBaseUrl(). */
  publicUrl: string | undefined;
  tokenTtlSeconds: number;
  /** How long the guard trusts a verified session without asking the database (0 = always ask). */
  sessionCacheSeconds: number;
  /** YYYY-MM-DD: after this day npm run retention removes the personal data of that time. */
  retentionUntil: string;
  demo: boolean;
  logLevel: string;
  allowedHosts: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  demisEnvironment: DemisEnvironment;
  demisUrl: string;
  demisNotificationPath: string;
  demisClientId: string;
  demisClientSecret: string;
  demisCaFile: string | undefined;
  demisLoincVersion: string;
  demisSnomedVersion: string;
  webDist: string | undefined;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  worker: boolean;
  /** The public booking page's rules (README, Configuration). */
  booking: {
    leadMinutes: number;
    daysAhead: number;
    /** Attempts per e-mail address and per phone number and hour. */
    maxPerPersonHour: number;
    /** Attempts per connecting address and hour (flood ceiling). */
    maxPerIpHour: number;
    maxOpenPerEmailDay: number;
    resultLinkDays: number;
  };
  /** Tests only (refused in production): where the server's clock starts. */
  testNow: Date | undefined;
  /** Tests only (refused in production): the /api/test/… endpoints. */
  testApi: boolean;
  /** Tests only (refused in production): freeze before the nth statement matching `pattern`. */
  testPauseSql: { pattern: RegExp; nth: number } | undefined;
  /** Production operation (docs/operations.md): metrics, scheduled work, shutdown. */
  operations: OperationsConfig;
};

export interface OperationsConfig {
  metrics: {
    enabled: boolean;
    /** Addresses and CIDRs (of the connection, never X-Forwarded-For) allowed without the token. */
    allow: string[];
    token: string | undefined;
  };
  /** Cron expressions (Berlin time), undefined = off. */
  backupSchedule: string | undefined;
  backupKeep: number;
  retentionSchedule: string | undefined;
  drainDelaySeconds: number;
  shutdownGraceSeconds: number;
}

export type DemisEnvironment = 'test' | 'production';

/**
 * DEMIS per environment (integrations reference): base URL and the OAuth
 * client id issued for it. DEMIS_URL / DEMIS_CLIENT_ID override them.
 */
export const DEMIS_ENVIRONMENTS: Record<DemisEnvironment, { url: string; clientId: string }> = {
  test: { url: 'https://test.demis.rki.de/', clientId: 'demis-test' },
  production: { url: 'https://demis.rki.de/', clientId: 'demis-adapter' },
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Ungültige Konfiguration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET || !e.CERT_KEY) {
      throw new Error('NODE_ENV=production verlangt eigene Werte für JWT_SECRET und CERT_KEY.');
    }
    if (e.TEST_NOW || e.TEST_API || e.TEST_PAUSE_SQL) {
      throw new Error('TEST_NOW, TEST_API und TEST_PAUSE_SQL sind nur für Tests; NODE_ENV=production verweigert sie.');
    }
  }
  // A production server reports to the real DEMIS unless told otherwise; everything else to the test environment.
  const demisEnvironment: DemisEnvironment =
    e.DEMIS_ENVIRONMENT ?? (e.NODE_ENV === 'production' ? 'production' : 'test');
  const layout = dataLayout(e);
  const secretsFile = layout.secretsFile;
  // No secret is written in the source: configured ones, or the installation's own random ones.
  const secrets =
    e.JWT_SECRET && e.CERT_KEY
      ? { jwtSecret: e.JWT_SECRET, certKey: e.CERT_KEY }
      : { ...loadOrCreateSecrets(secretsFile), ...definedSecrets(e.JWT_SECRET, e.CERT_KEY) };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: layout.dataDir,
    pgliteDir: layout.pgliteDir,
    outboxDir: layout.outboxDir,
    exportDir: layout.exportDir,
    backupDir: layout.backupDir,
    exportPollSeconds: e.EXPORT_POLL_SECONDS,
    jwtSecret: secrets.jwtSecret,
    certKey: secrets.certKey,
    secretsFile,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    retentionUntil: e.RETENTION_UNTIL,
    // production never seeds demo data
    demo: e.NODE_ENV !== 'production' && e.DEMO,
    logLevel: e.LOG_LEVEL,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN || undefined,
    demisEnvironment,
    demisUrl: e.DEMIS_URL || DEMIS_ENVIRONMENTS[demisEnvironment].url,
    demisNotificationPath: e.DEMIS_NOTIFICATION_PATH,
    demisClientId: e.DEMIS_CLIENT_ID || DEMIS_ENVIRONMENTS[demisEnvironment].clientId,
    demisClientSecret: e.DEMIS_CLIENT_SECRET,
    demisCaFile: e.DEMIS_CA_FILE ? path.resolve(e.DEMIS_CA_FILE) : undefined,
    demisLoincVersion: e.DEMIS_LOINC_VERSION,
    demisSnomedVersion: e.DEMIS_SNOMED_VERSION,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    worker: e.WORKER,
    booking: {
      leadMinutes: e.BOOKING_LEAD_MINUTES,
      daysAhead: e.BOOKING_DAYS_AHEAD,
      maxPerPersonHour: e.BOOKING_MAX_PER_PERSON_HOUR ?? e.BOOKING_MAX_PER_EMAIL_HOUR ?? 5,
      maxPerIpHour: e.BOOKING_MAX_PER_IP_HOUR,
      maxOpenPerEmailDay: e.BOOKING_MAX_OPEN_PER_EMAIL_DAY,
      resultLinkDays: e.RESULT_LINK_DAYS,
    },
    testNow: e.TEST_NOW ? new Date(e.TEST_NOW) : undefined,
    testApi: e.TEST_API,
    testPauseSql: e.TEST_PAUSE_SQL ? { pattern: new RegExp(e.TEST_PAUSE_SQL), nth: e.TEST_PAUSE_SQL_NTH } : undefined,
    operations: {
      metrics: {
        enabled: e.METRICS,
        allow: parseAddressList(e.METRICS_ALLOW) ?? [],
        token: e.METRICS_TOKEN || undefined,
      },
      backupSchedule: e.BACKUP_SCHEDULE.trim() || undefined,
      backupKeep: e.BACKUP_KEEP,
      retentionSchedule: e.RETENTION_SCHEDULE.trim() || undefined,
      drainDelaySeconds: e.DRAIN_DELAY_SECONDS,
      shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    },
  };
}

/** METRICS_ALLOW: '' none, else every entry an IP address or CIDR; undefined when one is not. */
export function parseAddressList(value: string): string[] | undefined {
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const valid = (a: string) => {
    const [ip, bits, ...rest] = a.split('/');
    const family = ip ? isIP(ip) : 0;
    if (rest.length || !family) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  return list.every(valid) ? list : undefined;
}

/**
 * Where the server writes: every path an explicit variable names (relative to the working folder), else
 * a place in DATA_DIR. An installation from before DATA_DIR meant the data folder pointed it at the PGlite
 * folder itself (default ./data/pglite): when DATA_DIR holds a PGlite database (PG_VERSION), it stays the
 * database and the other paths lie beside it, where that installation's secrets.json already is.
 */
export function dataLayout(e: {
  DATA_DIR: string;
  PGLITE_DIR?: string;
  OUTBOX_DIR?: string;
  EXPORT_DIR?: string;
  BACKUP_DIR?: string;
  SECRETS_FILE?: string;
}) {
  const given = path.resolve(e.DATA_DIR);
  const legacy = !e.PGLITE_DIR && existsSync(path.join(given, 'PG_VERSION'));
  const dataDir = legacy ? path.dirname(given) : given;
  const under = (explicit: string | undefined, name: string) =>
    explicit ? path.resolve(explicit) : path.join(dataDir, name);
  return {
    dataDir,
    pgliteDir: legacy ? given : under(e.PGLITE_DIR, 'pglite'),
    outboxDir: under(e.OUTBOX_DIR, 'outbox'),
    exportDir: under(e.EXPORT_DIR, 'exports'),
    backupDir: under(e.BACKUP_DIR, 'backups'),
    secretsFile: under(e.SECRETS_FILE, 'secrets.json'),
  };
}

function definedSecrets(jwtSecret: string | undefined, certKey: string | undefined) {
  return { ...(jwtSecret ? { jwtSecret } : {}), ...(certKey ? { certKey } : {}) };
}

/** TRUST_PROXY → Fastify's trustProxy: '' none, '2' two hops, '10.0.0.1, 10.1.0.0/16' those proxies. */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.trim();
  if (!v) return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return list.every(isProxyAddress) ? list : undefined;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** What proxy-addr accepts: an IP, an IP/prefix (or IP/netmask), or one of its names. */
function isProxyAddress(a: string): boolean {
  if (PROXY_NAMES.has(a)) return true;
  const [ip, bits, ...rest] = a.split('/');
  if (rest.length || !ip || !isIP(ip)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits) || isIP(bits) !== 0;
}

/** A config for tests: same parser, test defaults, random secrets of its own (no file). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const { jwtSecret, certKey } = randomSecrets();
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER: '0', JWT_SECRET: jwtSecret, CERT_KEY: certKey }),
    ...overrides,
  };
}
