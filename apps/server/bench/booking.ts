import type { BenchDb } from './bench-db';
import { END_DAY } from './generate';
import { type Figures, timeCalls } from './measure';

/** The booking page's address of the benched centre. */
export const BENCH_SEARCH_NAME = 'bench-zentrum';
/** The rapid test of the first centre (generate.ts: service 2c-1). */
export const serviceOf = (staffId: number) => 2 * staffId - 1;
const TOKEN_PREFIX = 'bench-booking-';

/** 'YYYY-MM-DD' a week from the real today: the server of the benchmark runs on the real clock. */
export const benchBookingDay = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * Makes the first centre bookable online (idempotent, also on reused data):
 * published under BENCH_SEARCH_NAME, open 07:00–20:00 every day, the rapid
 * test every 5 minutes with 5 places, and the last generated day's (END_DAY)
 * appointments copied to a day a week ahead, so the free slots of a busy
 * future day are what is measured (the generated days lie in the past).
 */
export async function ensureBookingPage(db: BenchDb, staffId: number, day = benchBookingDay()) {
  await db.query(
    `update centres set search_name = $2, testcenter = true, status = 'publish', pause_date = null where id = $1`,
    [staffId, BENCH_SEARCH_NAME],
  );
  await db.query(
    `insert into schedule_items (staff_id, day_index, start_time, end_time)
     select $1, d, '07:00', '20:00' from generate_series(1, 7) d
     on conflict (staff_id, day_index) do update set start_time = '07:00', end_time = '20:00'`,
    [staffId],
  );
  await db.query(
    `update services set slot_length = 300, duration = 300, capacity_max = 5, active = true where id = $1`,
    [serviceOf(staffId)],
  );
  // What an earlier run copied or booked.
  await db.query(
    `delete from appointments where staff_id = $1 and (token like '${TOKEN_PREFIX}%' or source = 'customer')`,
    [staffId],
  );
  await db.query(
    `insert into appointments (staff_id, customer_id, service_id, token, start_date, end_date, status, price)
     select staff_id, customer_id, service_id, '${TOKEN_PREFIX}' || id, start_date + ($2::date - $3::date) * interval '1 day',
            end_date + ($2::date - $3::date) * interval '1 day', status, price
     from appointments
     where staff_id = $1 and start_date >= ($3::date)::timestamptz and start_date < ($3::date + 1)::timestamptz`,
    [staffId, day, END_DAY],
  );
}

/**
 * The booking page's operations: the free slots of the busy day (budget:
 * ≤ 100 ms p95 on the large centre) and booking one appointment (write). Each
 * call comes from an address of its own (X-Forwarded-For) and each booking
 * from a person of its own (e-mail, phone), so neither the public rate limit
 * nor the booking attempt limits refuse it.
 */
export async function runBookingBench(ctx: {
  url: string;
  staffId: number;
  iterations: number;
  record: (operation: string, f: Figures, extra?: { rows?: number }) => void;
}) {
  const day = benchBookingDay();
  const base = `${ctx.url}/api/public/booking/${BENCH_SEARCH_NAME}`;
  const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const slotsUrl = `${base}/slots?service_id=${serviceOf(ctx.staffId)}&date=${day}`;
  const slots = async (i: number) => {
    const res = await fetch(slotsUrl, { headers: { 'x-forwarded-for': ip(1000 + i) } });
    return { ok: res.ok, body: res.ok ? ((await res.json()) as { slots: { time: string }[] }) : null };
  };
  const first = await slots(0);
  if (!first.ok) throw new Error('Buchungsseite antwortet nicht');
  ctx.record(
    'booking page: free slots of a busy day',
    await timeCalls(async (i) => (await slots(i)).ok, { warmup: 3, iterations: ctx.iterations }),
    { rows: first.body!.slots.length },
  );
  const times = first.body!.slots.map((s) => s.time);
  const n = Math.min(30, times.length);
  // People and addresses of their own in every run: the booking limits count per hour, and runs on
  // reused data follow each other within minutes.
  const run = Math.floor(Date.now() / 1000) % 100_000;
  ctx.record(
    'booking page: book one appointment (write)',
    await timeCalls(
      async (i) => {
        const res = await fetch(base, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(100_000 + run * 64 + i) },
          body: JSON.stringify({
            service_id: serviceOf(ctx.staffId),
            date: day,
            time: times[i % times.length],
            first_name: 'Bench',
            last_name: `Buchung ${i}`,
            birthday: '1980-01-01',
            email: `bench-${Date.now()}-${i}@example.org`,
            phone: `0151 ${String(run * 64 + i).padStart(7, '0')}`,
            street: 'Hauptstraße 1',
            postcode: '10115',
            city: 'Berlin',
            consent_privacy: true,
          }),
        });
        return res.ok;
      },
      { warmup: 1, iterations: n },
    ),
  );
}
