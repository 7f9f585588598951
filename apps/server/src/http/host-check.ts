import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { hosts } from '../db/schema/platform';

const CACHE_MS = 30_000;

/**
 * Every API call must come through a known host name (hosts table or
 * ALLOWED_HOSTS); anything else is answered with the spec's code NT. The
 * health and readiness checks stay reachable for load balancers. The Host header (or, only
 * behind a trusted proxy, X-Forwarded-Host) is parsed strictly: a header such
 * as `localhost:1@evil.example` is no host at all, not `localhost`.
 */
export function hostCheck(app: FastifyInstance, deps: AppDeps) {
  // A short cache of a database table, not state: other instances read the same table.
  const known = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url === '/api/health' || req.url === '/api/ready') return;
    const host = parseHost(req.host);
    if (!host) return reply.status(400).send({ error: 'NT', message: MSG.unknownHost });
    if (deps.config.allowedHosts.includes(host)) return;
    const seen = known.get(host);
    if (seen && Date.now() - seen < CACHE_MS) return;
    const rows = await deps.db.select({ host: hosts.host }).from(hosts).where(eq(hosts.host, host)).limit(1);
    if (rows.length === 0) {
      return reply.status(400).send({ error: 'NT', message: MSG.unknownHost });
    }
    known.set(host, Date.now());
  });
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_HEADER = new RegExp(`^(${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`);

/**
 * The host name of a Host header value without port, lower case; undefined
 * when the value is not `name[:port]` or `[ipv6][:port]` (user info, paths,
 * spaces, several hosts: all refused).
 */
export function parseHost(header: string | undefined): string | undefined {
  if (!header || header.length > 260) return undefined;
  const m = HOST_HEADER.exec(header.toLowerCase());
  if (!m) return undefined;
  if (m[2] !== undefined && Number(m[2]) > 65535) return undefined;
  return m[1]!.replace(/\.$/, '');
}
