import { ROLE } from '@tz/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createCustomer, createInstitution, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { rowsOf } from './rows';

/**
 * Every list of names sorts as a German reader expects (issue 31): the SQL
 * collation `german` (migration 0024) on PGlite and PostgreSQL alike, and the
 * same order as Intl.Collator('de') in the browser.
 */
const NAMES = [
  'Zander',
  'von Bülow',
  'Öztürk',
  'Schulze',
  'Schäfer',
  'Krüger',
  'Köhler',
  'Müller',
  'Mueller',
  'ahrens',
];
const GERMAN = [
  'ahrens',
  'Köhler',
  'Krüger',
  'Mueller',
  'Müller',
  'Öztürk',
  'Schäfer',
  'Schulze',
  'von Bülow',
  'Zander',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('German order of names', () => {
  it('is the order of Intl.Collator("de")', () => {
    expect([...NAMES].sort(new Intl.Collator('de').compare)).toEqual(GERMAN);
  });

  it('sorts the database the same way, names and collation side by side', async () => {
    const res = await t.database.db.execute(
      sql`select n from unnest(${sql.param(NAMES)}::text[]) n order by n collate german`,
    );
    expect(rowsOf<{ n: string }>(res).map((r) => r.n)).toEqual(GERMAN);
  });

  it('orders the customer list by last name, both ways, and by first name', async () => {
    const own = await centreWithUser(t.app, t.database.db, ROLE.staff);
    for (const last_name of NAMES)
      await createCustomer(t.database.db, { staff_id: own.centre.id, last_name, first_name: last_name });
    const list = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/staff/${own.centre.id}/customers?${query}`,
          headers: own.headers,
        })
      )
        .json()
        .items.map((c: { last_name: string }) => c.last_name);
    expect(await list('per_page=50')).toEqual(GERMAN);
    expect(await list('per_page=50&order=desc')).toEqual([...GERMAN].reverse());
    expect(await list('per_page=50&sort=first_name')).toEqual(GERMAN);
    // pages follow the same order
    expect([
      ...(await list('per_page=4&page=1')),
      ...(await list('per_page=4&page=2')),
      ...(await list('per_page=4&page=3')),
    ]).toEqual(GERMAN);
  });

  it('orders the users and the groups of a centre', async () => {
    const admin = await centreWithUser(t.app, t.database.db, ROLE.admin);
    const staffId = admin.centre.id;
    for (const name of NAMES) await createUser(t.database.db, { staff_id: staffId, name });
    const users = (
      await t.app.inject({ method: 'GET', url: `/api/staff/${staffId}/users`, headers: admin.headers })
    ).json() as { name: string }[];
    expect(users.map((u) => u.name).filter((n) => NAMES.includes(n))).toEqual(GERMAN);

    for (const name of NAMES) await createInstitution(t.database.db, staffId, `${name} Gruppe`);
    const groups = (
      await t.app.inject({ method: 'GET', url: `/api/staff/${staffId}/institutions`, headers: admin.headers })
    ).json() as { name: string }[];
    expect(groups.map((g) => g.name)).toEqual(GERMAN.map((n) => `${n} Gruppe`));
  });
});
