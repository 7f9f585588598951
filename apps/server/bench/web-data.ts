import { rmSync } from 'node:fs';
import { dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import { DEMO_LOGINS } from '../src/demo/seed';
import { openBenchDb } from './bench-db';
import { insertColumns } from './generate';
import { startServer } from './server-process';

/** The demo centre administrator the browser logs in as (password: DEMO_PASSWORD). */
export const WEB_BENCH_LOGIN = DEMO_LOGINS.find((l) => l.email.startsWith('admin@'))!.email;

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Jonas', 'Lena', 'Lukas', 'Mia'];
const LAST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'];

export interface WebData {
  staffId: number;
  timeZone: string;
  /** Today in the centre's time zone, the day the rows were added to. */
  today: string;
  added: number;
  seconds: number;
}

/**
 * A fresh PGlite data directory with the demo data plus `rows` appointments
 * of the demo test centre today (one customer each, 07:00–20:00 in the
 * centre's time zone). The real server seeds the demo (it only does so
 * outside production), then stops; the rows go in through the bare driver
 * with the generator's unnest inserts, which takes a second instead of
 * 1,500 API calls.
 */
export async function prepareWebData(dataDir: string, rows: number, secrets: Record<string, string>): Promise<WebData> {
  const started = performance.now();
  rmSync(dataDir, { recursive: true, force: true });
  const seeding = await startServer({
    ...secrets,
    PGLITE_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    DEMO: '1',
  });
  await seeding.stop();

  const db = await openBenchDb('pglite', dataDir, false);
  try {
    const [centre] = (
      await db.query<{ staff_id: number; time_zone: string }>(
        'select u.staff_id, c.time_zone from users u join centres c on c.id = u.staff_id where u.email = $1',
        [WEB_BENCH_LOGIN],
      )
    ).rows;
    if (!centre) throw new Error(`Demo-Zentrum von ${WEB_BENCH_LOGIN} fehlt`);
    const staffId = Number(centre.staff_id);
    const [service] = (
      await db.query<{ id: number; price: number; duration: number }>(
        'select id, price, duration from services where staff_id = $1 and active and test_type is not null order by id limit 1',
        [staffId],
      )
    ).rows;
    if (!service) throw new Error('Keine aktive Testdienstleistung im Demo-Zentrum');
    const today = dateInZone(new Date(), centre.time_zone);

    const marker = `web-bench-${Date.now()}`;
    const customers = Array.from({ length: rows }, (_, i) => [
      staffId,
      FIRST[i % FIRST.length],
      `${LAST[(i * 7) % LAST.length]}-${i + 1}`,
      `${marker}-${i}@example.org`,
      1 + (i % 3),
    ]);
    await insertColumns(
      db,
      'customers',
      [
        ['staff_id', 'int'],
        ['first_name', 'text'],
        ['last_name', 'text'],
        ['email', 'text'],
        ['gender', 'int'],
      ],
      customers,
    );
    const ids = (
      await db.query<{ id: number }>('select id from customers where email like $1 order by id', [`${marker}-%`])
    ).rows.map((r) => Number(r.id));

    // Spread evenly over 07:00–20:00; some checked in, some with a result, a few cancelled, like a real day.
    const appointments = ids.map((customerId, i) => {
      const minute = 7 * 60 + Math.floor((i * 13 * 60) / rows);
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const start = zonedInstant(today, time, centre.time_zone);
      const done = i % 3 === 0;
      return [
        staffId,
        customerId,
        service.id,
        `${marker}-${i}`,
        start.toISOString(),
        new Date(start.getTime() + Number(service.duration) * 1000).toISOString(),
        i % 20 === 7 ? 'cancelled' : 'approved',
        done || i % 5 === 0 ? 1 : 0,
        done ? 1 : null,
        done ? new Date(start.getTime() + 15 * 60_000).toISOString() : null,
        Number(service.price),
      ];
    });
    await insertColumns(
      db,
      'appointments',
      [
        ['staff_id', 'int'],
        ['customer_id', 'int'],
        ['service_id', 'int'],
        ['token', 'text'],
        ['start_date', 'timestamptz'],
        ['end_date', 'timestamptz'],
        ['status', 'text'],
        ['checked_in', 'int'],
        ['res_detected', 'int'],
        ['res_date', 'timestamptz'],
        ['price', 'int'],
      ],
      appointments,
    );
    await db.query('vacuum analyze');
    return {
      staffId,
      timeZone: centre.time_zone,
      today,
      added: appointments.length,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await db.database.close();
  }
}
