import { randomBytes } from 'node:crypto';
import { TEST_TYPES } from '@tz/shared/constants';
import { addDays, dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appointmentInstitutions, appointments, paymentClassifications } from '../db/schema/appointments';
import { centrePcrLabs, centres, pcrLabs } from '../db/schema/centres';
import { customers, institutions } from '../db/schema/customers';
import { serviceCategories, services, testTypes } from '../db/schema/services';
import type { DemoIds } from './foundation.demo';

/** A small seeded pseudo-random generator (mulberry32): the same demo data on every start. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

const TZ = 'Europe/Berlin';
export const berlinDay = (d: Date) => dateInZone(d, TZ);
/** Berlin wall-clock time (minutes after midnight) on a day, as an instant. */
export function berlinTime(day: string, minutes: number) {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return zonedInstant(day, `${hh}:${String(minutes % 60).padStart(2, '0')}`, TZ);
}

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannah',
  'Jonas',
  'Julia',
  'Karl',
  'Lea',
  'Lukas',
  'Marie',
  'Noah',
  'Olga',
  'Paul',
  'Sophie',
  'Tim',
  'Ursula',
  'Valentin',
  'Wilma',
  'Yusuf',
  'Zoe',
  'Ahmet',
  'Katarzyna',
  'Giulia',
  'Mehmet',
] as const;
const LAST = [
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
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Yılmaz',
  'Nowak',
  'Rossi',
] as const;
const STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Gartenweg',
  'Schulstraße',
  'Lindenallee',
  'Kirchplatz',
  'Am Markt',
  'Bergstraße',
] as const;

/** Classification windows: some relative to today (selectable now), some the real, long expired TestV periods. */
function classificationRows(today: string) {
  return [
    { id: 1, label: 'Selbstzahler', description: 'Der Kunde zahlt den Test selbst.' },
    {
      id: 2,
      label: '§ 4a TestV – Bürgertest (kostenlos)',
      description: 'Kostenloser Bürgertest',
      active_from: addDays(today, -365),
      active_till: addDays(today, 180),
    },
    {
      id: 3,
      label: '§ 2 TestV – Kontaktperson (Corona-Warn-App rot)',
      danger: 'Die rote Warnung der Corona-Warn-App muss vorgezeigt und dokumentiert werden.',
      active_from: addDays(today, -200),
      active_till: addDays(today, 90),
    },
    {
      id: 4,
      label: '§ 3 TestV – Ausbruchsgeschehen',
      active_from: addDays(today, -100),
      active_till: addDays(today, 60),
    },
    {
      id: 5,
      label: '§ 4 Abs. 1 Nr. 1 TestV – Freitestung nach Infektion',
      active_from: '2021-03-08',
      active_till: '2022-06-30',
    },
    {
      id: 6,
      label: '§ 4a TestV – Bürgertest mit Eigenbeteiligung (3 €)',
      description: 'Eigenbeteiligung von 3 Euro',
      active_from: '2022-06-30',
      active_till: '2023-02-28',
    },
    { id: 7, label: '§ 4 Abs. 1 Nr. 5 TestV – Pflegende Angehörige', active: false },
    {
      id: 8,
      label: 'Regionale Sondervereinbarung (KV)',
      description: 'Nur mit 5-stelliger KV-Sonderziffer',
      active_from: addDays(today, -10),
      active_till: addDays(today, 30),
    },
    {
      id: 31,
      label: '§ 4 Abs. 1 Nr. 3 TestV – Besuch in Pflegeeinrichtungen (Nachweis geprüft)',
      danger: 'Nur mit geprüftem Besuchsnachweis abrechenbar.',
      active_from: addDays(today, -365),
      active_till: addDays(today, 180),
    },
    {
      id: 32,
      label: '§ 4 Abs. 1 Nr. 6 TestV – Haushaltsangehörige Infizierter (Nachweis geprüft)',
      danger: 'Der positive Befund im Haushalt muss nachgewiesen sein.',
      active_from: addDays(today, -60),
      active_till: addDays(today, 60),
    },
    {
      id: 33,
      label: '§ 4 Abs. 1 Nr. 4 TestV – Beschäftigte in der Pflege (Nachweis geprüft)',
      active_from: '2021-11-13',
      active_till: '2023-02-28',
    },
  ];
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Test types and TestV classifications, platform-wide; windows relative to the day of `at`. */
export async function seedClassifications(tx: DbOrTx, at: Date) {
  await tx
    .insert(testTypes)
    .values([...TEST_TYPES])
    .onConflictDoNothing();
  await tx
    .insert(paymentClassifications)
    .values(classificationRows(berlinDay(at)))
    .onConflictDoNothing();
}

/** A platform service category by name, created on first use. */
export async function categoryId(tx: DbOrTx, name: string) {
  const [found] = await tx.select().from(serviceCategories).where(eq(serviceCategories.name, name));
  if (found) return found.id;
  const [row] = await tx.insert(serviceCategories).values({ name }).returning({ id: serviceCategories.id });
  return row!.id;
}

/**
 * Demo data of the appointments area in one set of demo centres: one PCR lab
 * of the test centre, services, ~300 customers and their appointments from 30
 * days ago to 14 days ahead in every status/check-in/result combination.
 * Deterministic apart from "today" (the day of `at`), and inserted in batches.
 */
export async function seedAppointments(tx: DbOrTx, ids: DemoIds, at: Date) {
  const rnd = prng(20240601);
  const today = berlinDay(at);
  const catRapid = await categoryId(tx, 'Schnelltests');
  const catPcr = await categoryId(tx, 'PCR-Tests');
  const catVacc = await categoryId(tx, 'Impfungen');

  const [lab] = await tx
    .insert(pcrLabs)
    .values({
      name: 'Labor Dr. Muster MVZ',
      email: 'labor@demo.example',
      result_system: 'LDT',
      result_button_label: 'Laborergebnis',
      show_sidebar: 0,
    })
    .returning({ id: pcrLabs.id });
  await tx.insert(centrePcrLabs).values({ staff_id: ids.testCentreId, pcr_lab_id: lab!.id });
  // The demo shows the lock: results of TestV services need a classification first.
  await tx.update(centres).set({ force_payment_classification: true }).where(eq(centres.id, ids.testCentreId));

  const test = ids.testCentreId;
  const vacc = ids.vaccinationCentreId;
  const svc = await tx
    .insert(services)
    .values([
      {
        staff_id: test,
        category_id: catRapid,
        title: 'Antigen-Schnelltest (Bürgertest)',
        price: 0,
        test_type: 1,
        service_test_v: 1,
        slot_length: 600,
        duration: 600,
        capacity_max: 4,
      },
      {
        staff_id: test,
        category_id: catRapid,
        title: 'Antigen-Schnelltest Selbstzahler',
        price: 1500,
        test_type: 1,
        service_test_v: 0,
        slot_length: 600,
        duration: 600,
        capacity_max: 4,
      },
      {
        staff_id: test,
        category_id: catPcr,
        title: 'PCR-Test (TestV)',
        price: 0,
        test_type: 2,
        service_test_v: 1,
        slot_length: 900,
        duration: 900,
        capacity_max: 2,
      },
      {
        staff_id: test,
        category_id: catPcr,
        title: 'PCR-Express Selbstzahler',
        price: 8900,
        test_type: 2,
        service_test_v: 0,
        slot_length: 900,
        duration: 900,
        capacity_max: 2,
      },
      {
        staff_id: test,
        category_id: catRapid,
        title: 'Schnelltest für das Gesundheitsamt (ÖGD)',
        price: 0,
        test_type: 3,
        service_test_v: 1,
        slot_length: 600,
        duration: 600,
      },
      {
        staff_id: test,
        category_id: catRapid,
        title: 'Antikörpertest',
        price: 2900,
        test_type: 4,
        service_test_v: 0,
        active: false,
      },
      {
        staff_id: vacc,
        category_id: catVacc,
        title: 'Corona-Schutzimpfung',
        price: 0,
        test_type: 6,
        service_test_v: 0,
        slot_length: 900,
        duration: 900,
        capacity_max: 3,
      },
      {
        staff_id: vacc,
        category_id: catVacc,
        title: 'Grippeschutzimpfung',
        price: 2500,
        test_type: 6,
        service_test_v: 0,
        slot_length: 900,
        duration: 900,
        capacity_max: 3,
      },
    ])
    .returning({
      id: services.id,
      staff_id: services.staff_id,
      service_test_v: services.service_test_v,
      price: services.price,
      active: services.active,
      duration: services.duration,
    });
  const testServices = svc.filter((s) => s.staff_id === test);
  const activeTestServices = testServices.filter((s) => s.active);
  const inactiveService = testServices.find((s) => !s.active)!;
  const vaccServices = svc.filter((s) => s.staff_id === vacc);

  const person = (staffId: number, i: number) => {
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    return {
      staff_id: staffId,
      first_name: first,
      last_name: last,
      birthday: `${rnd.int(1940, 2012)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
      email: `${first}.${last}.${i}@kunde.example`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      phone: `0151 ${rnd.int(1000000, 9999999)}`,
      gender: rnd.pick([1, 2, 1, 2, 3, 4, 0]),
      street: `${rnd.pick(STREETS)} ${rnd.int(1, 120)}`,
      postcode: '51466',
      city: 'Musterstadt',
      passport: rnd.chance(0.6) ? `L${rnd.int(10000000, 99999999)}` : null,
    };
  };
  // Named customers the manual and the end-to-end tests refer to.
  const named = [
    { first_name: 'Erika', last_name: 'Mustermann' },
    { first_name: 'Max', last_name: 'Mustermann' },
    { first_name: 'Lena', last_name: 'Beispiel' },
    { first_name: 'Jan', last_name: 'Probe' },
    { first_name: 'Sven', last_name: 'Storno' },
    { first_name: 'Hanna', last_name: 'Hinweis' },
    { first_name: 'Ralf', last_name: 'Gemeldet' },
    { first_name: 'Nora', last_name: 'Negativ' },
  ];
  const testCustomerRows = [
    ...named.map((n, i) => ({
      ...person(test, i),
      ...n,
      email: `${n.first_name}.${n.last_name}@kunde.example`.toLowerCase(),
    })),
    ...Array.from({ length: 256 }, (_, i) => person(test, i + named.length)),
  ];
  const vaccCustomerRows = Array.from({ length: 45 }, (_, i) => person(vacc, 1000 + i));
  const insertedCustomers: { id: number; staff_id: number }[] = [];
  await insertChunked([...testCustomerRows, ...vaccCustomerRows], 500, async (chunk) => {
    insertedCustomers.push(
      ...(await tx.insert(customers).values(chunk).returning({ id: customers.id, staff_id: customers.staff_id })),
    );
  });
  const testCustomers = insertedCustomers.filter((c) => c.staff_id === test).map((c) => c.id);
  const vaccCustomers = insertedCustomers.filter((c) => c.staff_id === vacc).map((c) => c.id);

  type Row = typeof appointments.$inferInsert;
  const rows: Row[] = [];
  const visit = (
    staffId: number,
    customerId: number,
    s: (typeof svc)[number],
    day: string,
    minutes: number,
    extra: Partial<Row> = {},
  ): Row => {
    const start = berlinTime(day, minutes);
    return {
      staff_id: staffId,
      customer_id: customerId,
      service_id: s.id,
      // Tokens are the customers' secrets: random, never from the seeded generator (and unique in every set).
      token: randomBytes(16).toString('hex'),
      start_date: start,
      end_date: new Date(start.getTime() + s.duration * 1000),
      price: s.price,
      source: rnd.pick(['customer', 'customer', 'staff']),
      ...extra,
    };
  };
  const classifiableOn = (day: string, testV: boolean) =>
    classificationRows(today).filter(
      (c) =>
        c.active !== false &&
        (testV ? c.id > 1 : c.id === 1) &&
        (!c.active_from || day > c.active_from) &&
        (!c.active_till || day < c.active_till),
    );

  // The named customers' visits today: open, so the screen's actions can be tried right away.
  const [erika, max, lena, jan, sven, hanna, ralf, nora] = testCustomers as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [rapidTestV, rapidSelf] = activeTestServices as [(typeof svc)[number], (typeof svc)[number]];
  rows.push(visit(test, erika, rapidTestV, today, 9 * 60));
  rows.push(visit(test, max, rapidSelf, today, 9 * 60 + 30, { payment_class_id: 1 }));
  rows.push(visit(test, lena, rapidTestV, today, 10 * 60, { payment_class_id: 2 }));
  rows.push(visit(test, jan, rapidSelf, today, 10 * 60 + 30, { checked_in: 1 }));
  // Today also shows a row of every other state, so one screen (and one axe run) sees them all.
  rows.push(
    visit(test, sven, rapidTestV, today, 11 * 60, {
      status: 'cancelled',
      payment_class_id: 32,
      classification_checked_by: 'Mia Mitarbeiter',
    }),
  );
  rows.push(visit(test, hanna, rapidTestV, today, 11 * 60 + 30, { checked_in: 5, payment_class_id: 2 }));
  const resultAt = (minutes: number) => ({ res_date: berlinTime(today, minutes) });
  rows.push(
    visit(test, ralf, rapidTestV, today, 12 * 60 + 30, {
      checked_in: 7,
      payment_class_id: 2,
      res_detected: 2,
      ...resultAt(12 * 60 + 45),
      demis_status: 'success',
    }),
  );
  rows.push(
    visit(test, nora, rapidTestV, today, 13 * 60, {
      checked_in: 7,
      payment_class_id: 2,
      res_detected: 1,
      ...resultAt(13 * 60 + 15),
    }),
  );

  const nowMs = at.getTime();
  for (let d = -30; d <= 14; d++) {
    const day = addDays(today, d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const perDay = weekday === 0 ? 2 : weekday === 6 ? 4 : rnd.int(6, 9);
    for (let k = 0; k < perDay; k++) {
      const minutes = 8 * 60 + rnd.int(0, 60) * 10;
      // Future visits on the inactive service make the rebook warning appear.
      const s = d > 0 && k === 0 && d % 3 === 0 ? inactiveService : rnd.pick(activeTestServices);
      const start = berlinTime(day, minutes);
      const past = start.getTime() < nowMs;
      const extra: Partial<Row> = {};
      if (rnd.chance(0.1)) extra.status = 'cancelled';
      const options = classifiableOn(day, s.service_test_v === 1);
      if (options.length && rnd.chance(past ? 0.75 : 0.3)) {
        const c = rnd.pick(options);
        extra.payment_class_id = c.id;
        if (c.id > 30) extra.classification_checked_by = rnd.pick(['Mia Mitarbeiter', 'Lars Leitung']);
      }
      if (past && extra.status !== 'cancelled') {
        extra.checked_in = rnd.pick([0, 1, 1, 5, 7, 7, 4, 6]);
        const testable = s.service_test_v === 0 || (extra.payment_class_id ?? 0) > 1;
        if ((extra.checked_in & 1) === 1 && testable && rnd.chance(0.85)) {
          extra.res_detected = rnd.pick([1, 1, 1, 1, 1, 1, 2, 2, 4]);
          extra.res_date = new Date(start.getTime() + 20 * 60_000);
          extra.pcr_lab_id_selected = s.id === testServices[2]!.id || s.id === testServices[3]!.id ? lab!.id : null;
          if (extra.res_detected === 2) extra.demis_status = rnd.pick(['success', 'success', 'error', null]);
        }
      } else if (!past && extra.status !== 'cancelled' && rnd.chance(0.05)) {
        extra.checked_in = 4; // questionnaire filled in advance
      }
      rows.push(visit(test, rnd.pick(testCustomers), s, day, minutes, extra));
    }
    const vaccPerDay = weekday === 0 ? 0 : rnd.int(1, 3);
    for (let k = 0; k < vaccPerDay; k++) {
      const minutes = 9 * 60 + rnd.int(0, 32) * 15;
      const s = rnd.pick(vaccServices);
      const past = berlinTime(day, minutes).getTime() < nowMs;
      const extra: Partial<Row> = {};
      if (rnd.chance(0.1)) extra.status = 'cancelled';
      else if (past) {
        extra.checked_in = rnd.pick([1, 7, 7, 5, 0]);
        if ((extra.checked_in & 1) === 1 && rnd.chance(0.8)) extra.vaccination_id = rnd.int(100000, 999999);
      }
      rows.push(visit(vacc, rnd.pick(vaccCustomers), s, day, minutes, extra));
    }
  }

  const inserted: { id: number; staff_id: number }[] = [];
  await insertChunked(rows, 200, async (chunk) => {
    inserted.push(
      ...(await tx
        .insert(appointments)
        .values(chunk)
        .returning({ id: appointments.id, staff_id: appointments.staff_id })),
    );
  });

  const groups = await tx
    .insert(institutions)
    .values([
      { staff_id: test, name: 'Pflegeheim Sonnenhof' },
      { staff_id: test, name: 'Grundschule am Park' },
    ])
    .returning({ id: institutions.id });
  const testAppointments = inserted.filter((a) => a.staff_id === test);
  const links = testAppointments
    .filter((_, i) => i % 9 === 4)
    .map((a, i) => ({ staff_id: test, appointment_id: a.id, institution_id: groups[i % 2]!.id }));
  if (links.length) await tx.insert(appointmentInstitutions).values(links);
}
