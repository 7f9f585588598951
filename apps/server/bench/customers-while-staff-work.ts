import type { AppointmentListQuery } from '@tz/shared/appointments/appointments.contract';
import { BENCH_SEARCH_NAME, benchBookingDay, serviceOf } from './booking';
import { type Figures, summarise } from './measure';
import { runStaffLoad } from './staff-load';

/**
 * Issue 28: customers browsing the booking page's free times must not slow
 * the staff down. The staff work (the staff-load mix: day list, check-in,
 * classification, result, search, with a think time) first alone, then the
 * same while `customers` customers each ask for the free times of the busy
 * day (benchBookingDay) again and again after a think time of their own,
 * each from an address of its own (the public limit is per address). Goal:
 * the staff's day-list p95 with the customers at most 1.2× the one without.
 */
export interface BrowsingContext {
  url: string;
  pid: number;
  staffId: number;
  token: string;
  writes: { id: number; customer_id: number }[];
  day: AppointmentListQuery;
  searches: string[];
  staff: number;
  customers: number;
  /** Measured seconds per phase (each after 3 s of the same load unmeasured). */
  seconds: number;
  record: (operation: string, f: Figures, extra?: { rows?: number; vs_alone?: number }) => void;
}

const STAFF_THINK_MS = 1000;
const CUSTOMER_THINK_MS = 1000;
const WARMUP_S = 3;

/** Customers asking for the busy day's free times until `stop` is set; every answer's time is kept. */
async function browse(ctx: BrowsingContext, stop: { now: boolean }, measureFrom: number) {
  const url = `${ctx.url}/api/public/booking/${BENCH_SEARCH_NAME}/slots?service_id=${serviceOf(ctx.staffId)}&date=${benchBookingDay()}`;
  const samples: number[] = [];
  let errors = 0;
  const customer = async (who: number) => {
    const headers = { 'x-forwarded-for': `10.200.${who >> 8}.${who & 255}` };
    while (!stop.now) {
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * CUSTOMER_THINK_MS));
      if (stop.now) return;
      const t = performance.now();
      let ok = false;
      try {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        ok = res.ok;
      } catch {
        ok = false;
      }
      if (t < measureFrom) continue;
      samples.push(performance.now() - t);
      if (!ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: ctx.customers }, (_, i) => customer(i)));
  return summarise(samples, errors, (performance.now() - Math.max(started, measureFrom)) / 1000);
}

export async function runCustomersWhileStaffWork(ctx: BrowsingContext) {
  const staffLoad = () =>
    runStaffLoad({
      url: ctx.url,
      pid: ctx.pid,
      staffId: ctx.staffId,
      token: ctx.token,
      writes: ctx.writes,
      day: ctx.day,
      searches: ctx.searches,
      users: ctx.staff,
      seconds: ctx.seconds,
      warmupSeconds: WARMUP_S,
      thinkMs: STAFF_THINK_MS,
      sampleSeconds: ctx.seconds,
    });
  const alone = await staffLoad();
  ctx.record(`staff: day list (first page), ${ctx.staff} staff working`, alone.actions.list);

  const stop = { now: false };
  const customers = browse(ctx, stop, performance.now() + WARMUP_S * 1000);
  const together = await staffLoad();
  stop.now = true;
  const browsing = await customers;
  const list = together.actions.list;
  ctx.record(`staff: day list (first page), ${ctx.staff} staff + ${ctx.customers} customers browsing`, list, {
    vs_alone:
      alone.actions.list.p95_ms > 0 ? Math.round((list.p95_ms / alone.actions.list.p95_ms) * 100) / 100 : undefined,
  });
  ctx.record(`booking page: free slots, ${ctx.customers} customers browsing while staff work`, browsing);
}
