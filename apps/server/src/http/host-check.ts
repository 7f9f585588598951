import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { hosts } from '../db/schema/platform';

const CACHE_MS = 30_000;

/**
 * Every API call must come through a known host name (hosts table or
 * ALLOWED_HOSTS); anything else is answered with the spec's code NT. The
 * health check stays reachable for load balancers.
 */
export function hostCheck(app: FastifyInstance, deps: AppDeps) {
  // A short cache of a database table, not state: other instances read the same table.
  const known = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url === '/api/health') return;
    const host = requestHost(req.hostname);
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

/** The host name without port, lower case. */
export function requestHost(hostname: string): string {
  const h = hostname.toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? h;
}
