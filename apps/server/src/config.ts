import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. Parsed once; a bad value stops the start. */
const DEFAULT_SECRET = 'dev-only-secret-change-me-please-0123456789';
const DEFAULT_CERT_KEY = 'dev-only-certificate-key-change-me-0123456789';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data/pglite'),
  OUTBOX_DIR: z.string().default('./data/outbox'),
  JWT_SECRET: z.string().min(32).default(DEFAULT_SECRET),
  CERT_KEY: z.string().min(32).default(DEFAULT_CERT_KEY),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOWED_HOSTS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Testzentrum <noreply@testzentrum.example>'),
  SENTRY_DSN: z.string().optional(),
  DEMIS_URL: z.string().default('https://demis-test.rki.de/'),
  DEMIS_NOTIFICATION_PATH: z.string().default('notifications/pathogen/v6/fhir/$process-notification'),
  DEMIS_CLIENT_ID: z.string().default('demis-adapter'),
  DEMIS_CLIENT_SECRET: z.string().default(''),
  /** Extra CA (PEM) to trust for the DEMIS server, e.g. a test environment's own CA. */
  DEMIS_CA_FILE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  WORKER: bool.default(true),
  /** Tests only: the server's clock starts at this instant (ISO 8601) and runs on from there. */
  TEST_NOW: z.iso.datetime({ offset: true }).optional(),
  /** Tests only: /api/test/… (set the clock, create centres with their own logins). */
  TEST_API: bool,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  outboxDir: string;
  jwtSecret: string;
  certKey: string;
  tokenTtlSeconds: number;
  /** How long the guard trusts a verified session without asking the database (0 = always ask). */
  sessionCacheSeconds: number;
  demo: boolean;
  logLevel: string;
  allowedHosts: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  demisUrl: string;
  demisNotificationPath: string;
  demisClientId: string;
  demisClientSecret: string;
  demisCaFile: string | undefined;
  webDist: string | undefined;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  worker: boolean;
  /** Tests only (refused in production): where the server's clock starts. */
  testNow: Date | undefined;
  /** Tests only (refused in production): the /api/test/… endpoints. */
  testApi: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Ungültige Konfiguration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    if (e.JWT_SECRET === DEFAULT_SECRET || e.CERT_KEY === DEFAULT_CERT_KEY) {
      throw new Error('NODE_ENV=production verlangt eigene Werte für JWT_SECRET und CERT_KEY.');
    }
    if (e.TEST_NOW || e.TEST_API) {
      throw new Error('TEST_NOW und TEST_API sind nur für Tests; NODE_ENV=production verweigert sie.');
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    outboxDir: path.resolve(e.OUTBOX_DIR),
    jwtSecret: e.JWT_SECRET,
    certKey: e.CERT_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    // production never seeds demo data
    demo: e.NODE_ENV !== 'production' && e.DEMO,
    logLevel: e.LOG_LEVEL,
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN || undefined,
    demisUrl: e.DEMIS_URL,
    demisNotificationPath: e.DEMIS_NOTIFICATION_PATH,
    demisClientId: e.DEMIS_CLIENT_ID,
    demisClientSecret: e.DEMIS_CLIENT_SECRET,
    demisCaFile: e.DEMIS_CA_FILE ? path.resolve(e.DEMIS_CA_FILE) : undefined,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    worker: e.WORKER,
    testNow: e.TEST_NOW ? new Date(e.TEST_NOW) : undefined,
    testApi: e.TEST_API,
  };
}

/** A config for tests: same parser, test defaults. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER: '0' }), ...overrides };
}
