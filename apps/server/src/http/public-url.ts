import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
import { hosts } from '../db/schema/platform';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address a centre's customers reach the app at, without a trailing slash:
 * the base of every link that leaves the server (form invitations, QR mails,
 * booking confirmations). Never taken from the request, whose Host header the
 * caller chooses. In this order:
 * 1. the centre's own host (`centres.host`), when the hosts table knows it: `https://<host>`;
 * 2. `PUBLIC_URL`;
 * 3. `http://localhost:<PORT>` (a development machine; production warns at start).
 */
export async function publicBaseUrl(deps: { config: Config; db: DbOrTx }, staffId: number): Promise<string> {
  const [row] = await deps.db
    .select({ host: hosts.host })
    .from(centres)
    .innerJoin(hosts, eq(hosts.host, sql`lower(${centres.host})`))
    .where(eq(centres.id, staffId))
    .limit(1);
  if (row && !LOOPBACK.has(row.host)) return `https://${row.host}`;
  return installationBaseUrl(deps.config);
}

/** The installation's own address: PUBLIC_URL, or localhost on the configured port. */
export function installationBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * The installation's address as reached under `host`, a name the host check
 * let in (hosts table or ALLOWED_HOSTS): a public name of the hosts table is
 * `https://<host>` (as publicBaseUrl), anything else PUBLIC_URL, else
 * `http://<host>:<PORT>`. Never the request's port or scheme, which the caller chooses.
 */
export function hostBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>, host: string, inHostsTable: boolean): string {
  if (inHostsTable && !LOOPBACK.has(host)) return `https://${host}`;
  return config.publicUrl ?? `http://${host}:${config.port}`;
}
