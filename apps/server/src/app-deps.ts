import type { Endpoint } from '@tz/shared/http/endpoint';
import type { SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { CertificateSource } from './features/demis/demis-certificate-source';
import type { Metrics } from './features/operations/metrics';
import type { Readiness } from './features/operations/readiness';
import type { ErrorEvent } from './http/error-tracing';

/**
 * What routes, services and workers get from the app. It lives apart from
 * app.ts so that features do not import the module that imports them.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Every endpoint registered, filled while routes register. */
  endpoints: Endpoint[];
  /** Every route Fastify registered (endpoints, docs, static files): the authorization matrix checks each has a contract. */
  routes: { method: string; url: string }[];
  /** Verified sessions of the last few seconds; services drop a user's entries after changing them. */
  sessions: SessionCache;
  /** Sentry-compatible reporting when SENTRY_DSN is set; a no-op otherwise. */
  reportError: (e: ErrorEvent) => Promise<void>;
  /** Where DEMIS client certificates come from; tests set it, production uses the settings storage. */
  demisCertificateSource?: CertificateSource;
  /** Whether this instance takes traffic (GET /api/ready): main.ts moves it from starting to ready to draining. */
  readiness: Readiness;
  /** This app's Prometheus registry and the counters services increment (GET /metrics). */
  metrics: Metrics;
}
