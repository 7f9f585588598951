import { BENCH_SEARCH_NAME, benchBookingDay, serviceOf } from './booking';
import { type Figures, summarise } from './measure';
import { runStaffLoad, type StaffLoadTarget } from './staff-load';

/**
 * Issue 28: customers browsing the booking page's free times must not slow
 * the staff down. The staff work without a break (the staff-load mix: day
 * list, check-in, classification, result, search, with a think time), while
 * `customers` customers ask for the free times of the busy day
 * (benchBookingDay) in every second window of WINDOW_S seconds, each after a
 * think time and from an address of its own (the public limit is per
 * address). Alternating windows instead of two runs one after the other, so
 * a change in the machine's other load hits both sides alike. Goal: the
 * staff's day-list p95 in the windows with customers at most 1.2× the one in
 * the windows without.
 */
export interface BrowsingContext extends StaffLoadTarget {
  staff: number;
  customers: number;
  /** Measured seconds in all (half of them with customers), after 3 s of staff load unmeasured. */
  seconds: number;
  record: (operation: string, f: Figures, extra?: { rows?: number; vs_alone?: number }) => void;
}

const STAFF_THINK_MS = 1000;
const CUSTOMER_THINK_MS = 1000;
const WARMUP_S = 3;
const WINDOW_S = 5;

export async function runCustomersWhileStaffWork(ctx: BrowsingContext) {
  const measureFrom = performance.now() + WARMUP_S * 1000;
  const end = measureFrom + ctx.seconds * 1000;
  // Windows count from the start of the measured part: even ones without customers, odd ones with.
  const withCustomers = (at: number) =>
    at >= measureFrom && Math.floor((at - measureFrom) / (WINDOW_S * 1000)) % 2 === 1;

  const list = { alone: [] as number[], together: [] as number[], aloneErrors: 0, togetherErrors: 0 };
  const staff = runStaffLoad({
    ...ctx,
    users: ctx.staff,
    warmupSeconds: WARMUP_S,
    thinkMs: STAFF_THINK_MS,
    sampleSeconds: ctx.seconds,
    onCall: (c) => {
      if (c.action !== 'list') return;
      const together = withCustomers(c.startedAt);
      (together ? list.together : list.alone).push(c.ms);
      if (c.bad) list[together ? 'togetherErrors' : 'aloneErrors']++;
    },
  });

  const url = `${ctx.url}/api/public/booking/${BENCH_SEARCH_NAME}/slots?service_id=${serviceOf(ctx.staffId)}&date=${benchBookingDay()}`;
  const slots: number[] = [];
  let slotErrors = 0;
  const customer = async (who: number) => {
    const headers = { 'x-forwarded-for': `10.200.${who >> 8}.${who & 255}` };
    for (;;) {
      await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * CUSTOMER_THINK_MS));
      const t = performance.now();
      if (t >= end) return;
      if (!withCustomers(t)) continue;
      let ok = false;
      try {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        ok = res.ok;
      } catch {
        ok = false;
      }
      slots.push(performance.now() - t);
      if (!ok) slotErrors++;
    }
  };
  await Promise.all([staff, ...Array.from({ length: ctx.customers }, (_, i) => customer(i))]);

  const half = ctx.seconds / 2;
  const alone = summarise(list.alone, list.aloneErrors, half);
  const together = summarise(list.together, list.togetherErrors, half);
  ctx.record(`staff: day list (first page), ${ctx.staff} staff working`, alone);
  ctx.record(`staff: day list (first page), ${ctx.staff} staff + ${ctx.customers} customers browsing`, together, {
    vs_alone: alone.p95_ms > 0 ? Math.round((together.p95_ms / alone.p95_ms) * 100) / 100 : undefined,
  });
  ctx.record(
    `booking page: free slots, ${ctx.customers} customers browsing while staff work`,
    summarise(slots, slotErrors, half),
  );
}
