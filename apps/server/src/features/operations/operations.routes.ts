import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { MSG, OPERATIONS_MSG } from '@tz/shared/messages';
import * as c from '@tz/shared/operations/operations.contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import { scheduledJobs } from './operations.service';

/** How long the readiness answer waits for the database before it says no. */
const READY_DB_TIMEOUT_MS = 2000;

/** Paths that answer while the instance starts: the probes, and the metrics that show it. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/** While main.ts migrates, the instance listens (the probes answer) but takes no other call. First hook. */
export function startingGate(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onRequest', async (req, reply) => {
    if (deps.readiness.phase !== 'starting' || PROBES.has(req.url.split('?')[0]!)) return;
    reply.header('retry-after', '5');
    return reply.status(503).send({ error: 'STARTING', message: OPERATIONS_MSG.starting });
  });
}

export function operationsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getReady, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const phase = deps.readiness.phase;
    if (phase !== 'ready') {
      return reply
        .status(503)
        .send(
          phase === 'starting'
            ? { error: 'STARTING', message: OPERATIONS_MSG.starting }
            : { error: 'DRAINING', message: OPERATIONS_MSG.draining },
        );
    }
    if (!(await databaseAnswers(deps))) {
      return reply.status(503).send({ error: 'DATABASE_UNAVAILABLE', message: MSG.databaseUnavailable });
    }
    return { ready: true as const };
  });

  registerEndpoint(app, deps, c.getScheduledJobs, () => scheduledJobs(deps));

  const allowed = metricsAllowList(deps.config.operations.metrics.allow);
  const token = deps.config.operations.metrics.token;
  // Not a contract: Prometheus text, for scrapers. Off unless METRICS; then only for METRICS_ALLOW's
  // connecting addresses (never X-Forwarded-For: the proxy in front must not open it) or METRICS_TOKEN.
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!deps.config.operations.metrics.enabled || !deps.metrics) {
      return reply.status(404).send({ error: 'NOT_FOUND', message: MSG.notFound });
    }
    if (!bearerMatches(req, token) && !addressAllowed(allowed, req.socket.remoteAddress)) {
      return reply.status(403).send({ error: 'FORBIDDEN', message: MSG.forbidden });
    }
    const body = await deps.metrics.scrape();
    return reply
      .header('content-type', deps.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([deps.db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function metricsAllowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [ip, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list;
}

function addressAllowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return list.check(v4, 'ipv4');
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

function bearerMatches(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
