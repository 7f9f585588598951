import { signSessionToken } from '../src/auth/tokens';
import type { BenchDb } from './bench-db';

/**
 * The deterministic data generator. Same size and scale, same rows: a seeded
 * PRNG and a fixed last day (END_DAY), so runs compare. Rows go in through
 * `insert … select * from unnest($1::int[], …)`: one statement per batch of
 * BATCH rows, the same on PGlite and PostgreSQL, with no per-row round trip.
 */
export const END_DAY = '2026-06-30';
const BATCH = 10_000;

export type SizeName = 'large-centre' | 'platform' | 'quick';

export interface Size {
  name: SizeName;
  centres: number;
  customersPerCentre: number;
  appointmentsPerCentre: number;
  days: number;
}

/**
 * The scale shrinks the number of days (large-centre) or centres (platform)
 * and keeps the density, so "one day" and "30 days" stay representative.
 */
export function sizeOf(name: SizeName, scale: number): Size {
  if (name === 'large-centre') {
    const days = Math.max(2, Math.round(730 * scale));
    return {
      name,
      centres: 1,
      customersPerCentre: Math.round(200_000 * scale),
      appointmentsPerCentre: Math.round((1_000_000 * days) / 730),
      days,
    };
  }
  if (name === 'platform') {
    return {
      name,
      centres: Math.max(2, Math.round(2000 * scale)),
      customersPerCentre: 500,
      appointmentsPerCentre: 2500,
      days: 730,
    };
  }
  return { name, centres: 2, customersPerCentre: 300, appointmentsPerCentre: 1500, days: 10 };
}

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Jonas', 'Lena', 'Lukas', 'Mia'];
const FIRST2 = ['Marie', 'Paul', 'Sophie', 'Leon', 'Lea', 'Noah', 'Emilia', 'Elias', 'Lina', 'Finn', 'Ida', 'Theo'];
/** Surnames are LAST + LAST2 (`Müllermann`, `Becker`): 130 of them, each borne by ~1/130 of the customers. */
export const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
];
export const LAST2 = ['', 'mann', 'er', 'berg', 'feld', 'hausen', 'ke', 'rich', 'stein', 'bach', 'dorf', 'es', 'lein'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Leipzig', 'Dresden'];

export interface Generated {
  staffIds: number[];
  /** The one centre the list operations read (the first). */
  staffId: number;
  token: string;
  /** Appointment ids of that centre the write operations change. */
  writeIds: { id: number; customer_id: number }[];
  rows: { centres: number; customers: number; appointments: number };
  seconds: number;
}

export async function insertColumns(db: BenchDb, table: string, cols: [string, string][], rows: unknown[][]) {
  const names = cols.map(([n]) => `"${n}"`).join(', ');
  const arrays = cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  for (let off = 0; off < rows.length; off += BATCH) {
    const batch = rows.slice(off, off + BATCH);
    const params = cols.map((_, i) => batch.map((r) => r[i]));
    await db.query(`insert into ${table} (${names}) select * from unnest(${arrays})`, params);
  }
}

/** Fills a freshly migrated database; returns what the operations need. */
export async function generate(db: BenchDb, size: Size, jwtSecret: string): Promise<Generated> {
  const started = performance.now();
  const rnd = prng(20260630);
  const end = Date.parse(`${END_DAY}T00:00:00Z`);
  const firstDay = end - (size.days - 1) * 86_400_000;

  await db.query(`insert into test_types (id, label) values (1, 'Antigen-Schnelltest'), (2, 'PCR-Test')
    on conflict do nothing`);
  await db.query(`insert into payment_classifications (id, label) values (1, 'Selbstzahler'), (2, 'Bürgertest')
    on conflict do nothing`);
  await db.query(
    `insert into pcr_labs (id, name) overriding system value values (1, 'Bench-Labor') on conflict do nothing`,
  );

  const centreRows: unknown[][] = [];
  for (let c = 1; c <= size.centres; c++) centreRows.push([c, `Testzentrum ${c}`]);
  await insertColumns(
    db,
    'centres',
    [
      ['id', 'int'],
      ['full_name', 'text'],
    ],
    centreRows,
  );
  const staffIds = centreRows.map((r) => r[0] as number);
  await insertColumns(
    db,
    'centre_pcr_labs',
    [
      ['staff_id', 'int'],
      ['pcr_lab_id', 'int'],
    ],
    staffIds.map((id) => [id, 1]),
  );

  // Two services per centre: ids 2c-1 (rapid test, TestV) and 2c (PCR).
  const serviceRows: unknown[][] = [];
  for (const c of staffIds) {
    serviceRows.push([2 * c - 1, c, 'Antigen-Schnelltest', 1, 1, 1500]);
    serviceRows.push([2 * c, c, 'PCR-Test', 2, 0, 6900]);
  }
  await insertColumns(
    db,
    'services',
    [
      ['id', 'int'],
      ['staff_id', 'int'],
      ['title', 'text'],
      ['test_type', 'int'],
      ['service_test_v', 'int'],
      ['price', 'int'],
    ],
    serviceRows,
  );

  let customerId = 0;
  let appointmentId = 0;
  let customers: unknown[][] = [];
  let appts: unknown[][] = [];
  const writeIds: Generated['writeIds'] = [];
  const flushCustomers = async () => {
    if (customers.length) {
      await insertColumns(
        db,
        'customers',
        [
          ['id', 'int'],
          ['staff_id', 'int'],
          ['first_name', 'text'],
          ['last_name', 'text'],
          ['birthday', 'date'],
          ['email', 'text'],
          ['phone', 'text'],
          ['gender', 'int'],
          ['street', 'text'],
          ['postcode', 'text'],
          ['city', 'text'],
        ],
        customers,
      );
      customers = [];
    }
  };
  const flush = async (force: boolean) => {
    if (customers.length >= 50_000) await flushCustomers();
    if (appts.length >= 50_000 || (force && appts.length)) {
      // Appointments reference customers: theirs go in first.
      await flushCustomers();
      await insertColumns(
        db,
        'appointments',
        [
          ['id', 'int'],
          ['staff_id', 'int'],
          ['customer_id', 'int'],
          ['service_id', 'int'],
          ['customer_appointment_id', 'int'],
          ['token', 'text'],
          ['start_date', 'timestamptz'],
          ['end_date', 'timestamptz'],
          ['status', 'text'],
          ['checked_in', 'int'],
          ['res_detected', 'int'],
          ['res_date', 'timestamptz'],
          ['payment_class_id', 'int'],
          ['price', 'int'],
          ['demis_status', 'text'],
        ],
        appts,
      );
      appts = [];
    }
  };

  for (const c of staffIds) {
    const firstCustomer = customerId + 1;
    for (let i = 0; i < size.customersPerCentre; i++) {
      customerId++;
      const first = `${FIRST[Math.floor(rnd() * FIRST.length)]}${rnd() < 0.5 ? '' : ` ${FIRST2[Math.floor(rnd() * FIRST2.length)]}`}`;
      const last = `${LAST[Math.floor(rnd() * LAST.length)]}${LAST2[Math.floor(rnd() * LAST2.length)]}`;
      const born = new Date(
        Date.UTC(1940 + Math.floor(rnd() * 70), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)),
      );
      customers.push([
        customerId,
        c,
        first,
        last,
        born.toISOString().slice(0, 10),
        `kunde${customerId}@example.org`,
        `0151${String(customerId).padStart(7, '0')}`,
        1 + Math.floor(rnd() * 3),
        `Hauptstraße ${1 + (customerId % 200)}`,
        String(10_000 + Math.floor(rnd() * 89_999)),
        CITIES[Math.floor(rnd() * CITIES.length)],
      ]);
    }
    const perDay = size.appointmentsPerCentre / size.days;
    for (let i = 0; i < size.appointmentsPerCentre; i++) {
      appointmentId++;
      const day = Math.min(size.days - 1, Math.floor(i / perDay));
      // 07:00–20:00 Berlin, roughly: UTC 05:00–18:00 in summer; close enough for a benchmark.
      const start = firstDay + day * 86_400_000 + 5 * 3_600_000 + Math.floor(rnd() * 13 * 60) * 60_000;
      const done = rnd() < 0.85;
      const pcr = rnd() < 0.2;
      const status = rnd() < 0.05 ? 'cancelled' : 'approved';
      appts.push([
        appointmentId,
        c,
        firstCustomer + Math.floor(rnd() * size.customersPerCentre),
        pcr ? 2 * c : 2 * c - 1,
        1_000_000 + appointmentId,
        `t${appointmentId.toString(36)}${Math.floor(rnd() * 1e9).toString(36)}`,
        new Date(start).toISOString(),
        new Date(start + 15 * 60_000).toISOString(),
        status,
        done ? (rnd() < 0.5 ? 5 : 1) : 0,
        done ? (rnd() < 0.03 ? 2 : 1) : null,
        done ? new Date(start + 20 * 60_000).toISOString() : null,
        rnd() < 0.7 ? 1 + Math.floor(rnd() * 2) : null,
        pcr ? 6900 : 1500,
        done && rnd() < 0.5 ? 'success' : null,
      ]);
      // The latest visits of the first centre are the ones the write operations change.
      if (c === staffIds[0] && i >= size.appointmentsPerCentre - 2000) {
        writeIds.push({ id: appointmentId, customer_id: appts[appts.length - 1]![2] as number });
      }
      if (appts.length >= 50_000) await flush(false);
    }
    await flush(false);
  }
  await flush(true);
  await flushCustomers();

  // Identity columns continue after the explicit ids.
  for (const t of ['centres', 'services', 'customers', 'appointments', 'pcr_labs']) {
    await db.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  }
  await db.query(
    `select setval(pg_get_serial_sequence('appointments', 'customer_appointment_id'), (select max(customer_appointment_id) from appointments))`,
  );

  // The caller: a centre administrator of the first centre with an open session.
  const staffId = staffIds[0]!;
  const user = await db.query<{ id: number }>(
    `insert into users (staff_id, name, email, password_hash, role_id) values ($1, 'Bench Admin', 'bench@example.org', 'x', 20) returning id`,
    [staffId],
  );
  const userId = Number(user.rows[0]!.id);
  const expires = new Date(Date.now() + 24 * 3600_000);
  const session = await db.query<{ id: string }>(
    `insert into sessions (user_id, staff_id, expires_at) values ($1, $2, $3) returning id`,
    [userId, staffId, expires.toISOString()],
  );
  const token = await signSessionToken(jwtSecret, { sid: session.rows[0]!.id, uid: userId }, expires);
  await db.query('vacuum analyze');

  return {
    staffIds,
    staffId,
    token,
    writeIds,
    rows: {
      centres: size.centres,
      customers: customerId,
      appointments: appointmentId,
    },
    seconds: (performance.now() - started) / 1000,
  };
}
