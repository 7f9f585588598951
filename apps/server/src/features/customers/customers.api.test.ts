import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centreWithUser, createCustomer, createInsuranceProvider } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let c: Awaited<ReturnType<typeof centreWithUser>>;
beforeAll(async () => {
  t = await createTestApp();
  c = await centreWithUser(t.app, t.database.db, ROLE.staff);
});
afterAll(() => t.close());

describe('customer list', () => {
  it('pages, sorts and filters by name, only the own centre', async () => {
    const db = t.database.db;
    const staffId = c.centre.id;
    for (const [first, last] of [
      ['Anna', 'Zander'],
      ['Bert', 'Adler'],
      ['Carla', 'Meier'],
      ['Dieter', 'Meyer'],
      ['Emil', 'Müller_x'],
    ]) {
      await createCustomer(db, { staff_id: staffId, first_name: first!, last_name: last! });
    }
    const other = await centreWithUser(t.app, db, ROLE.staff);
    await createCustomer(db, { staff_id: other.centre.id, first_name: 'Fremd', last_name: 'Aaron' });

    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/staff/${staffId}/customers?${q}`, headers: c.headers });
    const page1 = (await get('per_page=2&page=1&sort=last_name&order=asc')).json();
    expect(page1.total).toBe(5);
    expect(page1.items.map((x: { last_name: string }) => x.last_name)).toEqual(['Adler', 'Meier']);
    const page3 = (await get('per_page=2&page=3&sort=last_name&order=asc')).json();
    expect(page3.items.map((x: { last_name: string }) => x.last_name)).toEqual(['Zander']);
    const desc = (await get('per_page=1&sort=first_name&order=desc')).json();
    expect(desc.items[0].full_name).toBe('Emil Müller_x');
    const filtered = (await get('name=mei')).json();
    expect(filtered.items.map((x: { last_name: string }) => x.last_name)).toEqual(['Meier']);
    expect((await get(`name=${encodeURIComponent('carla mei')}`)).json().total).toBe(1);
    // LIKE wildcards are literal
    expect((await get('name=_x')).json().total).toBe(1);
    expect((await get('name=%25')).json().total).toBe(0);
    expect((await get('sort=password')).statusCode).toBe(400);
  });
});

describe('customer edit', () => {
  it('reads and saves all fields, and warns when name and birthday exist twice', async () => {
    const db = t.database.db;
    const staffId = c.centre.id;
    const { provider, iks } = await createInsuranceProvider(db, 'Techniker Test', ['101575519']);
    const a = await createCustomer(db, {
      staff_id: staffId,
      first_name: 'Jana',
      last_name: 'Doppel',
      birthday: '1985-07-01',
    });
    const b = await createCustomer(db, {
      staff_id: staffId,
      first_name: 'Jan',
      last_name: 'Doppel',
      birthday: '1985-07-01',
    });
    const url = `/api/staff/${staffId}/customers/${b.id}`;
    const fields = {
      first_name: 'jana',
      last_name: 'Doppel',
      birthday: '1985-07-01',
      email: 'jana@example.org',
      phone: '030 123456',
      gender: 2,
      street: 'Lindenweg 3',
      postcode: '50667',
      city: 'Köln',
      passport: 'C01X00T47',
      insurancePolicyNumber: 'X123456789',
      insuranceProviderId: provider.id,
      ikId: iks[0]!.id,
    };
    const res = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: fields });
    expect(res.statusCode).toBe(200);
    expect(res.json().warning).toBe(MSG.duplicateCustomer);
    const read = (await t.app.inject({ method: 'GET', url, headers: c.headers })).json();
    expect(read).toMatchObject({ ...fields, id: b.id, full_name: 'jana Doppel' });
    // saving the first one again with its own data is no duplicate of itself only
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/customers/${a.id}`,
      headers: c.headers,
      payload: { first_name: 'Jana', last_name: 'Anders', birthday: '1985-07-01' },
    });
    expect(self.json().warning).toBeNull();
  });

  it('refuses invalid fields and another centre’s customer', async () => {
    const a = await createCustomer(t.database.db, { staff_id: c.centre.id });
    const url = `/api/staff/${c.centre.id}/customers/${a.id}`;
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: c.headers,
      payload: { first_name: 'A', last_name: 'B', postcode: 'ABCDE', email: 'x@', birthday: '2999-12-31' },
    });
    expect(bad.statusCode).toBe(400);
    for (const m of [MSG.postcodeInvalid, MSG.emailInvalid, MSG.birthdayInFuture])
      expect(bad.json().message).toContain(m);
    const other = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${other.centre.id}/customers/${a.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(403);
  });
});

describe('insurance providers', () => {
  it('answers providers with their IK numbers', async () => {
    const { provider } = await createInsuranceProvider(t.database.db, 'AAA Kasse', ['100000001', '100000002']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${c.centre.id}/insurance-providers`,
      headers: c.headers,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json().find((p: { id: number }) => p.id === provider.id);
    expect(found.iks.map((i: { nr: string }) => i.nr)).toEqual(['100000001', '100000002']);
  });
});
