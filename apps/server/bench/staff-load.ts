import type { AppointmentListQuery } from '@tz/shared/appointments/appointments.contract';
import { type Figures, summarise } from './measure';
import { memoryOf } from './server-process';

/**
 * Many staff at once (issue 16): each simulated member of staff repeats the
 * day's mix — look at the day's list, check someone in, set the payment
 * classification, enter a result, search — with a think time between two
 * actions (exponentially distributed around `thinkMs`; 0 = no pause, as fast
 * as the server answers). Every answer's time is kept; a status ≥ 300 or a
 * failed request is an error. A timeline samples the server's memory and the
 * latency of each interval, so a long run shows whether either drifts.
 */
/** The server, centre and rows the staff work on: shared with customers-while-staff-work.ts. */
export interface StaffLoadTarget {
  url: string;
  pid: number;
  staffId: number;
  token: string;
  /** Appointments the writes go to (spread, so staff rarely hit the same row at once). */
  writes: { id: number; customer_id: number }[];
  /** The day the list shows. */
  day: AppointmentListQuery;
  /** Texts to search for (names from the day's list). */
  searches: string[];
}

export interface StaffLoadOptions extends StaffLoadTarget {
  users: number;
  seconds: number;
  /** Unmeasured seconds at the same load first (connections, caches, JIT). */
  warmupSeconds: number;
  thinkMs: number;
  /** Length of one timeline interval. */
  sampleSeconds: number;
  /** Every measured call: its action, milliseconds, start (performance.now()) and whether it failed. */
  onCall?: (call: { action: StaffAction; ms: number; startedAt: number; bad: boolean }) => void;
}

export const STAFF_ACTIONS = ['list', 'check-in', 'classification', 'result', 'search'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** How often each action comes in the mix (the list most, as staff look at it between every step). */
const WEIGHTS: Record<StaffAction, number> = {
  list: 30,
  'check-in': 25,
  classification: 15,
  result: 15,
  search: 15,
};

export interface TimelinePoint {
  /** Seconds since the measured part began (end of the interval). */
  at_s: number;
  rss_mb: number;
  calls: number;
  errors: number;
  median_ms: number;
  p95_ms: number;
}

export interface StaffLoadResult {
  users: number;
  seconds: number;
  think_ms: number;
  all: Figures;
  actions: Record<StaffAction, Figures>;
  timeline: TimelinePoint[];
  /** Status codes of the errors, counted (0 = no answer). */
  error_statuses: Record<string, number>;
}

function pickAction(r: number): StaffAction {
  const total = STAFF_ACTIONS.reduce((n, a) => n + WEIGHTS[a], 0);
  let x = r * total;
  for (const a of STAFF_ACTIONS) {
    x -= WEIGHTS[a];
    if (x < 0) return a;
  }
  return 'list';
}

/** A small deterministic generator per member of staff: runs are repeatable. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export async function runStaffLoad(o: StaffLoadOptions): Promise<StaffLoadResult> {
  const headers = { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' };
  const base = `${o.url}/api/staff/${o.staffId}`;
  const requestFor = (action: StaffAction, n: number, rnd: () => number): [string, unknown] => {
    const a = o.writes[Math.floor(rnd() * o.writes.length)]!;
    switch (action) {
      case 'list':
        return [`${base}/appointments`, { ...o.day, limit: 100 }];
      case 'check-in':
        return [
          `${base}/appointments/${a.id}/check-in`,
          { staff_id: o.staffId, customer_id: a.customer_id, value: n % 2 },
        ];
      case 'classification':
        return [
          `${base}/appointments/${a.id}/payment-classification`,
          { customer_id: a.customer_id, newClassification: n % 3 === 0 ? null : 1 + (n % 2) },
        ];
      case 'result':
        return [`${base}/appointments/${a.id}/result`, { customer_id: a.customer_id, res_detected: 1 }];
      case 'search':
        return [`${base}/search`, { queryString: o.searches[n % o.searches.length] }];
    }
  };

  const samples = new Map<StaffAction, number[]>(STAFF_ACTIONS.map((a) => [a, []]));
  const errors = new Map<StaffAction, number>(STAFF_ACTIONS.map((a) => [a, 0]));
  const errorStatuses: Record<string, number> = {};
  let interval: { ms: number[]; errors: number } = { ms: [], errors: 0 };
  let measuring = false;

  const started = performance.now();
  const measureFrom = started + o.warmupSeconds * 1000;
  const end = measureFrom + o.seconds * 1000;
  const staff = async (who: number) => {
    const rnd = random(who * 7919 + 17);
    for (let n = 0; ; n++) {
      if (o.thinkMs > 0) await new Promise((r) => setTimeout(r, -Math.log(1 - rnd()) * o.thinkMs));
      if (performance.now() >= end) return;
      const action = pickAction(rnd());
      const [url, body] = requestFor(action, n, rnd);
      const t = performance.now();
      let status = 0;
      try {
        const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      const ms = performance.now() - t;
      // Only calls that began in the measured part count.
      if (t < measureFrom) continue;
      const bad = status === 0 || status >= 300;
      samples.get(action)!.push(ms);
      o.onCall?.({ action, ms, startedAt: t, bad });
      interval.ms.push(ms);
      if (bad) {
        errors.set(action, errors.get(action)! + 1);
        interval.errors++;
        errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
      }
    }
  };

  const timeline: TimelinePoint[] = [];
  const sampler = (async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, measureFrom - performance.now())));
    measuring = true;
    interval = { ms: [], errors: 0 };
    for (let i = 1; measuring; i++) {
      const due = measureFrom + i * o.sampleSeconds * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due, end) - performance.now())));
      const f = summarise(interval.ms, interval.errors, o.sampleSeconds);
      timeline.push({
        at_s: Math.round((Math.min(due, end) - measureFrom) / 1000),
        rss_mb: Math.round(memoryOf(o.pid).rssKb / 1024),
        calls: f.samples,
        errors: f.errors,
        median_ms: f.median_ms,
        p95_ms: f.p95_ms,
      });
      interval = { ms: [], errors: 0 };
      if (due >= end) measuring = false;
    }
  })();

  await Promise.all(Array.from({ length: o.users }, (_, i) => staff(i)));
  measuring = false;
  await sampler;

  const actions = Object.fromEntries(
    STAFF_ACTIONS.map((a) => [a, summarise(samples.get(a)!, errors.get(a)!, o.seconds)]),
  ) as Record<StaffAction, Figures>;
  const all = summarise(
    STAFF_ACTIONS.flatMap((a) => samples.get(a)!),
    STAFF_ACTIONS.reduce((n, a) => n + errors.get(a)!, 0),
    o.seconds,
  );
  return {
    users: o.users,
    seconds: o.seconds,
    think_ms: o.thinkMs,
    all,
    actions,
    timeline,
    error_statuses: errorStatuses,
  };
}
