import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { SEARCH_MAX_CUSTOMERS } from '@tz/shared/rules/search-query';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../clock';
import { customers } from '../../db/schema/customers';
import {
  centreWithUser,
  createAppointment,
  createCustomer,
  createService,
  createUser,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: Awaited<ReturnType<typeof centreWithUser>>;
let b: Awaited<ReturnType<typeof centreWithUser>>;
let serviceA: number;
let serviceB: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await centreWithUser(t.app, t.database.db, ROLE.staff);
  b = await centreWithUser(t.app, t.database.db, ROLE.staff);
  serviceA = (await createService(t.database.db, { staff_id: a.centre.id })).id;
  serviceB = (await createService(t.database.db, { staff_id: b.centre.id })).id;
});
afterAll(() => t.close());

interface Hit {
  data: {
    customers: Array<{ id: number; last_name: string; first_name: string }>;
    appointments: Array<{ appointment_id: number; customer_id: number; start_date: string; pcr_labs: number[] }>;
  };
}

const search = async (queryString: unknown, who = a, staffId = who.centre.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/search`,
    headers: who.headers,
    payload: { queryString },
  });
const hits = async (q: string, who = a): Promise<Hit['data']> => {
  const res = await search(q, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Hit).data;
};
const lastNames = async (q: string, who = a) => (await hits(q, who)).customers.map((c) => c.last_name);

/** A unique surname per test, so tests never see each other's customers. */
let n = 0;
const surname = (base: string) => `${base}${'abcdefghij'[n++ % 10]}${'klmnopqrst'[Math.floor(n / 10) % 10]}x`;

const customerOf = (
  staffId: number,
  fields: Parameters<typeof createCustomer>[1] extends infer F ? Partial<F> : never,
) => createCustomer(t.database.db, { staff_id: staffId, ...fields });

const appointmentOf = (staffId: number, customerId: number, start: string) =>
  createAppointment(t.database.db, {
    staff_id: staffId,
    customer_id: customerId,
    service_id: staffId === a.centre.id ? serviceA : serviceB,
    start_date: new Date(start),
  });

describe('search', () => {
  it('finds customers and their appointments by last name, first name and full name', async () => {
    const last = surname('Kranich');
    const c = await customerOf(a.centre.id, { first_name: 'Theodora', last_name: last });
    const ap = await appointmentOf(a.centre.id, c.id, '2026-05-04T08:00:00Z');
    const byLast = await hits(last);
    expect(byLast.customers.map((x) => x.id)).toEqual([c.id]);
    expect(byLast.appointments.map((x) => x.appointment_id)).toEqual([ap.id]);
    expect(byLast.appointments[0]!.pcr_labs).toEqual([]);
    expect((await hits(`Theodora ${last}`)).customers.map((x) => x.id)).toEqual([c.id]);
    expect((await hits(`${last} Theodora`)).customers.map((x) => x.id)).toEqual([c.id]);
    expect((await hits(last.slice(0, 6).toLowerCase())).customers.map((x) => x.id)).toContain(c.id);
  });

  it('folds umlauts and ß: Müller = Mueller, Groß = Gross, both ways', async () => {
    const tail = surname('');
    const mueller = await customerOf(a.centre.id, { last_name: `Müller${tail}` });
    const gross = await customerOf(a.centre.id, { last_name: `Gross${tail}` });
    expect(await lastNames(`Mueller${tail}`)).toEqual([mueller.last_name]);
    expect(await lastNames(`MÜLLER${tail}`)).toEqual([mueller.last_name]);
    expect(await lastNames(`Groß${tail}`)).toEqual([gross.last_name]);
  });

  it('tolerates a typo in the name, and ranks the exact name first', async () => {
    const tail = surname('');
    const exact = await customerOf(a.centre.id, { last_name: `Schneider${tail}` });
    const near = await customerOf(a.centre.id, { last_name: `Schneidr${tail}` });
    // two letters swapped
    expect(await lastNames(`Schnieder${tail}`)).toContain(exact.last_name);
    const ranked = await lastNames(`Schneider${tail}`);
    expect(ranked[0]).toBe(exact.last_name);
    expect(ranked).toContain(near.last_name);
  });

  it('finds a fragment from inside a name that is too short to be similar, next to similar names', async () => {
    const tail = surname('');
    // Three letters inside a word share one trigram with it: a substring match only, below the similarity threshold.
    const inside = await customerOf(a.centre.id, { last_name: `Qu${tail}rz` });
    const similar = await customerOf(a.centre.id, { last_name: `${tail}e` });
    const found = await lastNames(tail);
    expect(found).toContain(inside.last_name);
    expect(found).toContain(similar.last_name);
  });

  it('finds a renamed customer by the new name, with a typo too, and no longer by the old one', async () => {
    const tail = surname('');
    const c = await customerOf(a.centre.id, { first_name: 'Ottilie', last_name: `Wegener${tail}` });
    await t.database.db
      .update(customers)
      .set({ last_name: `Brandauer${tail}` })
      .where(eq(customers.id, c.id));
    expect(await lastNames(`Brandauer${tail}`)).toEqual([`Brandauer${tail}`]);
    expect(await lastNames(`Bradnauer${tail}`)).toEqual([`Brandauer${tail}`]);
    expect(await lastNames(`Wegener${tail}`)).toEqual([]);
  });

  it('a word is compared with the name parts; parts no customer bears any more crowd nobody out', async () => {
    // 120 names containing the word, all given up: their parts stay (score 1) and fill the best parts.
    const tail = surname('Quaxel');
    const letters = 'abcdefghijkl';
    const gone = await t.database.db
      .insert(customers)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          staff_id: a.centre.id,
          first_name: 'Vorher',
          last_name: `${tail}${letters[i % 12]}${letters[Math.floor(i / 12)]}`,
        })),
      )
      .returning({ id: customers.id });
    await t.database.db
      .update(customers)
      .set({ last_name: 'Umbenannt' })
      .where(
        inArray(
          customers.id,
          gone.map((g) => g.id),
        ),
      );
    // Still borne: the word inside a longer name (score 1) and the word with two letters swapped.
    const inside = await customerOf(a.centre.id, { last_name: `${tail}hof` });
    const typo = await customerOf(a.centre.id, { last_name: `${tail[0]}${tail[2]}${tail[1]}${tail.slice(3)}` });
    const found = await lastNames(tail);
    expect(found[0]).toBe(inside.last_name);
    expect(found).toContain(typo.last_name);
    expect(found).not.toContain('Umbenannt');
  });

  it('several words must each match a name part, in any order and with typos; a word no name has falls back to whole names', async () => {
    const last = surname('Wendelin');
    const anna = await customerOf(a.centre.id, { first_name: 'Anna', last_name: last });
    // Share the first name or the surname only: a whole-name search ranked them below, this one leaves them out.
    await customerOf(a.centre.id, { first_name: 'Anna', last_name: surname('Ortrud') });
    await customerOf(a.centre.id, { first_name: 'Berta', last_name: last });
    const ids = async (q: string) => (await hits(q)).customers.map((c) => c.id);
    expect(await ids(`Anna ${last}`)).toEqual([anna.id]);
    expect(await ids(`${last} Anna`)).toEqual([anna.id]);
    const typo = `${last.slice(0, 3)}${last[4]}${last[3]}${last.slice(5)}`;
    expect(await ids(`Ana ${typo}`)).toEqual([anna.id]);
    // "Dr." is no part of any name: the whole-name search still finds her, first.
    expect((await ids(`Dr. Anna ${last}`))[0]).toBe(anna.id);
  });

  it("ranks exact hits above 50 near names (prefix above typo), and puts the exact hits' visits today first", async () => {
    // A rare surname that begins many others: exact hits first, in customers and appointments alike.
    const rare = surname('Beck');
    const day = 86_400_000;
    const at = now().getTime();
    // The exact hits are the oldest customers: newest-first among equal scores would put them last.
    const exact = await customerOf(a.centre.id, { first_name: 'Ruth', last_name: rare });
    const exactOther = await customerOf(a.centre.id, { first_name: 'Paul', last_name: rare.toUpperCase() });
    const past = await appointmentOf(a.centre.id, exact.id, new Date(at - 30 * day).toISOString());
    const future = await appointmentOf(a.centre.id, exact.id, new Date(at + 14 * day).toISOString());
    const today = await appointmentOf(a.centre.id, exact.id, new Date(at).toISOString());
    const otherPast = await appointmentOf(a.centre.id, exactOther.id, new Date(at - 60 * day).toISOString());
    // 50 near names, each with a visit today: 20 begin with it, 10 double names, 10 bear it inside, 10 typos.
    const endings = ['mann', 'er', 'ert', 'hof', 'el', 'ing', 'haus', 'stein', 'bach', 'feld'];
    const near = [
      ...endings.flatMap((e) => [`${rare}${e}`, `${rare}${e}s`]),
      ...endings.map((e) => `${rare}-${e[0]!.toUpperCase()}${e.slice(1)}hausen`),
      ...endings.map((e) => `Ober${rare.toLowerCase()}${e}`),
      ...'abcdefghij'.split('').map((c) => `${rare.slice(0, -1)}${c}`),
    ];
    expect(near).toHaveLength(50);
    const nearIds = new Map<string, number>();
    for (const last of near) {
      const c = await customerOf(a.centre.id, { first_name: 'Nah', last_name: last });
      nearIds.set(last, c.id);
      await appointmentOf(a.centre.id, c.id, new Date(at).toISOString());
    }
    const found = await hits(rare.toLowerCase());
    const order = found.customers.map((c) => c.last_name);
    // exact (newest first), then every name beginning with the word, then the word inside and the typos
    expect(order.slice(0, 2)).toEqual([exactOther.last_name, exact.last_name]);
    const prefixes = near.slice(0, 30);
    expect(new Set(order.slice(2, 32))).toEqual(new Set(prefixes));
    expect(order).toHaveLength(SEARCH_MAX_CUSTOMERS);
    for (const name of order.slice(32)) expect(near.slice(30)).toContain(name);
    // appointments: the exact hit's visit today, then the exact hits' other visits (by customer, newest first),
    // then the near names'
    expect(found.appointments.slice(0, 4).map((x) => x.appointment_id)).toEqual([
      today.id,
      otherPast.id,
      future.id,
      past.id,
    ]);
    expect(found.appointments[4]!.customer_id).not.toBe(exact.id);
    expect(nearIds.get(order[2]!)).toBe(found.appointments[4]!.customer_id);
  });

  it('finds by birthday DD.MM.YYYY', async () => {
    const c = await customerOf(a.centre.id, { last_name: surname('Geburt'), birthday: '1931-02-27' });
    expect((await hits('27.02.1931')).customers.map((x) => x.id)).toEqual([c.id]);
  });

  it('finds by email, whatever its case', async () => {
    const c = await customerOf(a.centre.id, { last_name: surname('Post'), email: 'Ida.Post-Such@Example.org' });
    expect((await hits('ida.post-such@example.ORG')).customers.map((x) => x.id)).toEqual([c.id]);
  });

  it('finds by phone, however it is written (spaces, dashes, +49 or 0)', async () => {
    const c = await customerOf(a.centre.id, { last_name: surname('Fon'), phone: '0171 / 987-65 43' });
    expect((await hits('01719876543')).customers.map((x) => x.id)).toEqual([c.id]);
    expect((await hits('+49 171 9876543')).customers.map((x) => x.id)).toEqual([c.id]);
  });

  it('finds an appointment by its number, by the last 6 digits the list shows, and by its token', async () => {
    const c = await customerOf(a.centre.id, { last_name: surname('Nummer') });
    const ap = await appointmentOf(a.centre.id, c.id, '2026-05-05T08:00:00Z');
    const number = String(ap.customer_appointment_id);
    expect((await hits(number)).appointments.map((x) => x.appointment_id)).toEqual([ap.id]);
    expect((await hits(number.slice(-6))).appointments.map((x) => x.appointment_id)).toEqual([ap.id]);
    expect((await hits(ap.token)).appointments.map((x) => x.appointment_id)).toEqual([ap.id]);
  });

  it('orders appointments of equally good customers newest first', async () => {
    const c = await customerOf(a.centre.id, { last_name: surname('Reihe') });
    const older = await appointmentOf(a.centre.id, c.id, '2026-01-10T08:00:00Z');
    const newer = await appointmentOf(a.centre.id, c.id, '2026-03-10T08:00:00Z');
    expect((await hits(c.last_name)).appointments.map((x) => x.appointment_id)).toEqual([newer.id, older.id]);
  });

  it(`answers at most ${SEARCH_MAX_CUSTOMERS} customers`, async () => {
    const last = surname('Viele');
    for (let i = 0; i < SEARCH_MAX_CUSTOMERS + 3; i++) await customerOf(a.centre.id, { last_name: last });
    expect(await lastNames(last)).toHaveLength(SEARCH_MAX_CUSTOMERS);
  });

  it("never answers another centre's customers or appointments, by name, number or token", async () => {
    const last = surname('Fremd');
    const foreign = await customerOf(b.centre.id, {
      last_name: last,
      birthday: '1944-04-04',
      email: 'fremd@x.example',
    });
    const ap = await appointmentOf(b.centre.id, foreign.id, '2026-05-06T08:00:00Z');
    for (const q of [last, '04.04.1944', 'fremd@x.example', String(ap.customer_appointment_id), ap.token]) {
      const found = await hits(q);
      expect(found.customers.map((x) => x.id)).not.toContain(foreign.id);
      expect(found.appointments.map((x) => x.appointment_id)).not.toContain(ap.id);
    }
    // the other centre itself finds them
    expect((await hits(last, b)).customers.map((x) => x.id)).toEqual([foreign.id]);
  });

  it("refuses the search of another centre's path (403) and without login (401)", async () => {
    expect((await search('Muster', a, b.centre.id)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${a.centre.id}/search`,
      payload: { queryString: 'x' },
    });
    expect(res.statusCode).toBe(401);
    // every role of the centre may search
    const manager = await createUser(t.database.db, { staff_id: a.centre.id, role_id: ROLE.manager });
    const { token } = await login(t.app, manager.email);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${a.centre.id}/search`,
      headers: { authorization: `Bearer ${token}` },
      payload: { queryString: 'Muster' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an empty, missing or overlong search text with a German message', async () => {
    for (const q of ['', '   ', undefined, 42]) {
      const res = await search(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message + JSON.stringify(res.json().details)).toContain(MSG.searchQueryRequired);
    }
    const long = await search('x'.repeat(101));
    expect(long.statusCode).toBe(400);
    // a term was given: it is too long (not "please enter a term")
    expect(long.json().details).toEqual([{ field: 'queryString', message: MSG.searchQueryTooLong }]);
    expect(long.body).not.toContain(MSG.searchQueryRequired);
  });

  it('never runs text of a scan as a search (400, scan again)', async () => {
    for (const q of ['BEGIN:VCARD', 'BEGINDVERSION:4.0N:Becker;Thomas;;;']) {
      const res = await search(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'queryString', message: MSG.scanCutOff }]);
    }
  });
});

describe('customer lookup by corona-app profile', () => {
  const lookup = (body: Record<string, unknown>, who = a) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/${who.centre.id}/search/profile`,
      headers: who.headers,
      payload: body,
    });
  const ids = async (body: Record<string, unknown>, who = a) => {
    const res = await lookup(body, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { customers: Array<{ id: number }> }).customers.map((c) => c.id);
  };

  it('answers no customer, one, or several (same address first)', async () => {
    const last = surname('Groß');
    const profile = {
      first_name: 'Jürgen',
      last_name: last,
      birthday: '19620308',
      postcode: '06667',
      street: 'Merseburger Straße 14',
    };
    expect(await ids(profile)).toEqual([]);
    const one = await customerOf(a.centre.id, {
      first_name: 'Juergen',
      last_name: last.replace('ß', 'ss'),
      birthday: '1962-03-08',
      postcode: '99999',
    });
    expect(await ids(profile)).toEqual([one.id]);
    const atAddress = await customerOf(a.centre.id, {
      first_name: 'Jürgen',
      last_name: last,
      birthday: '1962-03-08',
      postcode: '06667',
      street: 'Merseburger Strasse 14',
    });
    expect(await ids(profile)).toEqual([atAddress.id, one.id]);
  });

  it('needs the same birthday when the profile has one, and matches by name when it has none', async () => {
    const last = surname('Datum');
    const c = await customerOf(a.centre.id, { first_name: 'Ina', last_name: last, birthday: '1970-01-01' });
    expect(await ids({ first_name: 'Ina', last_name: last, birthday: '19700102' })).toEqual([]);
    expect(await ids({ first_name: 'Ina', last_name: last, birthday: '' })).toEqual([c.id]);
  });

  it("never answers another centre's customer", async () => {
    const last = surname('Anderswo');
    await customerOf(b.centre.id, { first_name: 'Olaf', last_name: last, birthday: '1950-05-05' });
    expect(await ids({ first_name: 'Olaf', last_name: last, birthday: '19500505' })).toEqual([]);
  });

  it('refuses a profile without name or with an impossible birthday (400, German)', async () => {
    const noName = await lookup({ first_name: '', last_name: 'X', birthday: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(MSG.firstNameRequired);
    const bad = await lookup({ first_name: 'A', last_name: 'B', birthday: '19621308' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MSG.scanBirthdayInvalid);
  });
});
