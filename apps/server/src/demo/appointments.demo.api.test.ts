import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../clock';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { seedDemoIfEmpty } from './seed';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
});
afterAll(() => database.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('appointments demo data', () => {
  it('has about 300 customers and appointments from 30 days back to 14 days ahead in both demo centres', async () => {
    const at = now().toISOString();
    const [c] = await rows<{ n: number }>(sql`select count(*)::int as n from customers`);
    expect(c!.n).toBeGreaterThanOrEqual(290);
    const perCentre = await rows<{ full_name: string; n: number; first: number; last: number }>(sql`
      select c.full_name, count(*)::int as n,
        min((a.start_date at time zone 'Europe/Berlin')::date - (${at}::timestamptz at time zone 'Europe/Berlin')::date) as first,
        max((a.start_date at time zone 'Europe/Berlin')::date - (${at}::timestamptz at time zone 'Europe/Berlin')::date) as last
      from appointments a join centres c on c.id = a.staff_id group by c.full_name order by c.full_name`);
    expect(perCentre.map((r) => r.full_name)).toEqual(['Impfzentrum Musterstadt', 'Testzentrum Musterstadt']);
    const testCentre = perCentre[1]!;
    expect(testCentre.n).toBeGreaterThan(250);
    expect([testCentre.first, testCentre.last]).toEqual([-30, 14]);
  });

  it('covers every status, check-in state and result', async () => {
    const combos = await rows<{ status: string; bit1: number; res: number | null }>(sql`
      select distinct status, checked_in & 1 as bit1, res_detected as res from appointments`);
    const has = (status: string, bit1: number, res: number | null) =>
      combos.some((r) => r.status === status && Number(r.bit1) === bit1 && r.res === res);
    expect(has('approved', 0, null)).toBe(true);
    expect(has('approved', 1, null)).toBe(true);
    for (const res of [1, 2, 4]) expect(has('approved', 1, res)).toBe(true);
    expect(has('cancelled', 0, null)).toBe(true);
    const bits = await rows<{ v: number }>(sql`select distinct checked_in as v from appointments order by 1`);
    expect(bits.map((b) => b.v)).toEqual(expect.arrayContaining([0, 1, 4, 5, 7]));
  });

  it('has classifications above 30, expired ones, one PCR lab of the test centre and a vaccinated visit', async () => {
    const classes = await rows<{ id: number; active_till: string | null }>(
      sql`select id, active_till::text from payment_classifications order by id`,
    );
    expect(classes.some((c) => c.id > 30)).toBe(true);
    expect(classes.some((c) => c.active_till !== null && c.active_till < '2024-01-01')).toBe(true);
    const labs = await rows<{ full_name: string }>(
      sql`select c.full_name from centre_pcr_labs l join centres c on c.id = l.staff_id`,
    );
    expect(labs.map((l) => l.full_name)).toEqual(['Testzentrum Musterstadt']);
    const [v] = await rows<{ n: number }>(
      sql`select count(*)::int as n from appointments where vaccination_id is not null`,
    );
    expect(v!.n).toBeGreaterThan(0);
    const [positive] = await rows<{ n: number }>(
      sql`select count(*)::int as n from appointments where demis_status = 'success'`,
    );
    expect(positive!.n).toBeGreaterThan(0);
  });
});
