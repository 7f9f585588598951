import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { nowMs } from '../../clock';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Readiness } from './readiness';

/**
 * The instance's Prometheus metrics (docs/operations.md lists them with alert thresholds). One registry
 * per app, so the many apps a test process builds do not share counters. Counters count what this
 * process did; the gauges about queues and scheduled work read the shared database when scraped, so
 * every instance tells the same about them.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  loginFailures: Counter;
  loginLockouts: Counter;
  demisReports: Counter<'outcome'>;
  scheduledRuns: Counter<'job' | 'outcome'>;
  /** The Prometheus text of one scrape: the database is read once for it. */
  scrape(): Promise<string>;
}

/** Seconds; from a quick session check to a long export download. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Snapshot {
  mailPending: number;
  mailOldestSeconds: number;
  mailFailed: number;
  exportsQueued: number;
  exportsRunning: number;
  exportsFailed: number;
  jobs: { job: string; lastSuccess: number | null; lastFailure: number | null; lastBackupBytes: number | null }[];
}

/**
 * `process`: the default Node metrics (memory, event-loop lag, CPU, handles): only for the app that serves
 * them, since each set starts its own event-loop monitor.
 */
export function createMetrics(database: Database, readiness: Readiness, process = false): Metrics {
  const registry = new Registry();
  if (process) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  // One read of the database per scrape for all the gauges below; a scrape while the database is away
  // reports tz_database_up 0 and leaves the rest out instead of failing.
  let pending: Promise<Snapshot | undefined> | undefined;
  const snapshot = () => {
    pending ??= readSnapshot(database).catch(() => undefined);
    return pending;
  };
  const fromSnapshot = (name: string, help: string, pick: (s: Snapshot) => number, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const s = await snapshot();
        if (s) this.set(pick(s));
      },
    });

  new Gauge({
    name: 'tz_database_up',
    help: 'Whether the database answered the scrape (1) or not (0).',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tz_ready',
    help: 'Whether the instance takes traffic: 1, or 0 while it starts or drains.',
    registers: [registry],
    collect() {
      this.set(readiness.phase === 'ready' ? 1 : 0);
    },
  });
  if (database.kind === 'postgres') {
    const pool = database.raw as pg.Pool;
    new Gauge({
      name: 'tz_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: in_use (handed out), idle, waiting (callers queued for one).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  fromSnapshot('tz_mail_outbox_pending', 'Mails waiting to be sent (due now or retried later).', (s) => s.mailPending);
  fromSnapshot(
    'tz_mail_outbox_oldest_pending_seconds',
    'Age of the oldest mail still waiting, 0 when none waits.',
    (s) => s.mailOldestSeconds,
  );
  fromSnapshot('tz_mail_outbox_failed', 'Mails given up after every retry.', (s) => s.mailFailed);
  new Gauge({
    name: 'tz_export_queue',
    help: 'Monthly export entries not done: queued, running (claimed), failed (given up).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const s = await snapshot();
      if (!s) return;
      this.set({ state: 'queued' }, s.exportsQueued);
      this.set({ state: 'running' }, s.exportsRunning);
      this.set({ state: 'failed' }, s.exportsFailed);
    },
  });
  const perJob = (name: string, help: string, pick: (j: Snapshot['jobs'][number]) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      async collect() {
        const s = await snapshot();
        for (const j of s?.jobs ?? []) {
          const v = pick(j);
          if (v !== null) this.set({ job: j.job }, v);
        }
      },
    });
  perJob(
    'tz_scheduled_job_last_success_timestamp_seconds',
    'When a scheduled job (backup, retention) last finished well, any instance (Unix time).',
    (j) => j.lastSuccess,
  );
  perJob(
    'tz_scheduled_job_last_failure_timestamp_seconds',
    'When a scheduled job last failed, any instance (Unix time).',
    (j) => j.lastFailure,
  );
  perJob('tz_backup_last_size_bytes', 'Size of the newest scheduled backup file.', (j) => j.lastBackupBytes);

  return {
    registry,
    scrape: async () => {
      pending = undefined;
      return registry.metrics();
    },
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status code (its _count: answers per status).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    loginFailures: new Counter({
      name: 'tz_login_failures_total',
      help: 'Sign-ins refused for a wrong e-mail, password or code.',
      registers: [registry],
    }),
    loginLockouts: new Counter({
      name: 'tz_login_lockouts_total',
      help: 'Accounts locked for the window after too many failed sign-ins.',
      registers: [registry],
    }),
    demisReports: new Counter({
      name: 'tz_demis_reports_total',
      help: 'DEMIS notifications sent by this instance: success, refused (DEMIS said no), unreachable.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    scheduledRuns: new Counter({
      name: 'tz_scheduled_job_runs_total',
      help: 'Scheduled jobs this instance ran (the slot was its own): success or failure.',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
  };
}

async function readSnapshot(database: Database): Promise<Snapshot> {
  // The server's clock (tests pin it), as the export worker's leases use it.
  const at = new Date(nowMs()).toISOString();
  const [mail] = rowsOf<{ pending: number; oldest: string | null; failed: number }>(
    await database.db.execute(sql`select count(*) filter (where status = 'pending')::int as pending,
      extract(epoch from min(created_at) filter (where status = 'pending'))::text as oldest,
      count(*) filter (where status = 'failed')::int as failed
      from mail_outbox where status in ('pending', 'failed')`),
  );
  const [exports] = rowsOf<{ queued: number; running: number; failed: number }>(
    await database.db.execute(sql`select
      count(*) filter (where not failed and (claimed_until is null or claimed_until < ${at}::timestamptz))::int as queued,
      count(*) filter (where not failed and claimed_until >= ${at}::timestamptz)::int as running,
      count(*) filter (where failed)::int as failed
      from export_queue where done = 0`),
  );
  const jobs = rowsOf<{ job: string; success: string | null; failure: string | null; bytes: string | null }>(
    await database.db.execute(sql`select job,
      extract(epoch from max(finished_at) filter (where outcome = 'success'))::text as success,
      extract(epoch from max(finished_at) filter (where outcome = 'failure'))::text as failure,
      (array_agg((detail->>'bytes') order by finished_at desc) filter (where outcome = 'success' and job = 'backup'))[1] as bytes
      from scheduled_runs group by job`),
  );
  const oldest = mail?.oldest ? Number(mail.oldest) * 1000 : undefined;
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    mailPending: Number(mail?.pending ?? 0),
    mailOldestSeconds: oldest === undefined ? 0 : Math.max(0, (nowMs() - oldest) / 1000),
    mailFailed: Number(mail?.failed ?? 0),
    exportsQueued: Number(exports?.queued ?? 0),
    exportsRunning: Number(exports?.running ?? 0),
    exportsFailed: Number(exports?.failed ?? 0),
    jobs: jobs.map((j) => ({
      job: j.job,
      lastSuccess: num(j.success),
      lastFailure: num(j.failure),
      lastBackupBytes: num(j.bytes),
    })),
  };
}
