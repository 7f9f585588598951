import { TEST_TYPES } from '@tz/shared/constants';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import { now, nowMs } from '../clock';
import type { DbOrTx } from '../db/client';
import { appointments, paymentClassifications } from '../db/schema/appointments';
import { centrePcrLabs, centres, pcrLabs } from '../db/schema/centres';
import { customers, institutions } from '../db/schema/customers';
import { insuranceIks, insuranceProviders } from '../db/schema/insurance';
import { serviceCatalogue, serviceCategories, services, testTypes } from '../db/schema/services';
import { users } from '../db/schema/users';

export const PASSWORD = 'geheim123';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => {
  cachedHash ??= hashPassword(PASSWORD);
  return cachedHash;
};

let seq = 0;
const unique = () => `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export async function createCentre(db: DbOrTx, fields: Partial<typeof centres.$inferInsert> = {}) {
  const [row] = await db
    .insert(centres)
    .values({
      full_name: `Testzentrum ${unique()}`,
      email: `zentrum-${unique()}@test.example`,
      testcenter: true,
      ...fields,
    })
    .returning();
  return row!;
}

export async function createUser(db: DbOrTx, fields: Partial<typeof users.$inferInsert> & { staff_id: number }) {
  const [row] = await db
    .insert(users)
    .values({
      name: 'Test Person',
      email: `user-${unique()}@test.example`,
      password_hash: await passwordHash(),
      role_id: 30,
      ...fields,
    })
    .returning();
  return row!;
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; id: number; bookly_staff_id: number };
}

/** A centre with one user of the given role, logged in. */
export async function centreWithUser(app: FastifyInstance, db: DbOrTx, roleId = 30, centreFields = {}) {
  const centre = await createCentre(db, centreFields);
  const user = await createUser(db, { staff_id: centre.id, role_id: roleId });
  const { token } = await login(app, user.email);
  return { centre, user, token, headers: { authorization: `Bearer ${token}` } };
}

/** Test types as the platform knows them (3 and 5 offer the official form). */
export const TEST_TYPE_ROWS = [...TEST_TYPES];

/**
 * One appointment with its own customer and service (unless given), for the
 * receipts, DEMIS and official-form tests.
 */
export async function createAppointmentRow(
  db: DbOrTx,
  staffId: number,
  opts: {
    customer?: Partial<typeof customers.$inferInsert>;
    customerId?: number;
    service?: Partial<typeof services.$inferInsert>;
    appointment?: Partial<typeof appointments.$inferInsert>;
  } = {},
) {
  await db.insert(testTypes).values(TEST_TYPE_ROWS).onConflictDoNothing();
  const customerId =
    opts.customerId ??
    (
      await db
        .insert(customers)
        .values({
          staff_id: staffId,
          first_name: 'Max',
          last_name: `Muster-${unique()}`,
          birthday: '1980-06-25',
          email: `kunde-${unique()}@test.example`,
          phone: '0190 1234567',
          gender: 1,
          street: 'Musterstraße 14',
          postcode: '51466',
          city: 'Musterstadt',
          ...opts.customer,
        })
        .returning({ id: customers.id })
    )[0]!.id;
  const [service] = await db
    .insert(services)
    .values({ staff_id: staffId, title: 'Antigen-Schnelltest', price: 1190, test_type: 1, ...opts.service })
    .returning();
  const start = new Date('2024-03-01T08:30:00Z');
  const [appointment] = await db
    .insert(appointments)
    .values({
      staff_id: staffId,
      customer_id: customerId,
      service_id: service!.id,
      token: `tok-${unique()}`,
      start_date: start,
      end_date: new Date(start.getTime() + 10 * 60_000),
      price: service!.price,
      ...opts.appointment,
    })
    .returning();
  return { appointment: appointment!, service: service!, customerId };
}

/** The platform test types, once per database. */
export async function ensureTestTypes(db: DbOrTx) {
  await db
    .insert(testTypes)
    .values([...TEST_TYPES])
    .onConflictDoNothing();
}

export async function createServiceCategory(db: DbOrTx, name = `Kategorie ${unique()}`) {
  const [row] = await db.insert(serviceCategories).values({ name }).returning();
  return row!;
}

/** An entry of the platform catalogue (in a new category unless one is given). */
export async function createCatalogueEntry(db: DbOrTx, fields: Partial<typeof serviceCatalogue.$inferInsert> = {}) {
  await ensureTestTypes(db);
  const category_id = fields.category_id ?? (await createServiceCategory(db)).id;
  const [row] = await db
    .insert(serviceCatalogue)
    .values({ title: `Katalog ${unique()}`, price: 1500, test_type: 1, capacity_max: 2, ...fields, category_id })
    .returning();
  return row!;
}

export async function createService(db: DbOrTx, fields: Partial<typeof services.$inferInsert> & { staff_id: number }) {
  const [row] = await db
    .insert(services)
    .values({ title: `Schnelltest ${unique()}`, price: 1500, test_type: null, service_test_v: 1, ...fields })
    .returning();
  return row!;
}

export async function createCustomer(
  db: DbOrTx,
  fields: Partial<typeof customers.$inferInsert> & { staff_id: number },
) {
  const [row] = await db
    .insert(customers)
    .values({ first_name: 'Erika', last_name: `Muster-${unique()}`, birthday: '1980-05-17', ...fields })
    .returning();
  return row!;
}

/** An appointment of 15 minutes; start defaults to now. */
export async function createAppointment(
  db: DbOrTx,
  fields: Partial<typeof appointments.$inferInsert> & { staff_id: number; customer_id: number; service_id: number },
) {
  const start = fields.start_date ?? now();
  const [row] = await db
    .insert(appointments)
    .values({
      token: `tok-${unique()}`,
      end_date: new Date(start.getTime() + 15 * 60_000),
      ...fields,
      start_date: start,
    })
    .returning();
  return row!;
}

/** Payment classifications are platform-wide: ids must be unique per test database. */
export async function createClassification(db: DbOrTx, fields: typeof paymentClassifications.$inferInsert) {
  const [row] = await db.insert(paymentClassifications).values(fields).returning();
  return row!;
}

export async function createLabFor(db: DbOrTx, staffId: number) {
  const [lab] = await db
    .insert(pcrLabs)
    .values({ name: `Labor ${unique()}` })
    .returning();
  await db.insert(centrePcrLabs).values({ staff_id: staffId, pcr_lab_id: lab!.id });
  return lab!;
}

export async function createInstitution(db: DbOrTx, staffId: number, name = `Gruppe ${unique()}`) {
  const [row] = await db.insert(institutions).values({ staff_id: staffId, name }).returning();
  return row!;
}

/**
 * One appointment with its own customer and service (or the given ones), as a
 * row, starting in an hour (check-in questionnaire tests).
 */
export async function createFormAppointment(
  db: DbOrTx,
  fields: Partial<typeof appointments.$inferInsert> & { staff_id: number },
  customer: Partial<typeof customers.$inferInsert> = {},
) {
  const customerId =
    fields.customer_id ??
    (
      await db
        .insert(customers)
        .values({
          staff_id: fields.staff_id,
          first_name: 'Erika',
          last_name: 'Musterfrau',
          birthday: '1980-02-29',
          email: `kunde-${unique()}@test.example`,
          ...customer,
        })
        .returning({ id: customers.id })
    )[0]!.id;
  const serviceId =
    fields.service_id ??
    (
      await db
        .insert(services)
        .values({ staff_id: fields.staff_id, title: 'Antigen-Schnelltest' })
        .returning({ id: services.id })
    )[0]!.id;
  const start = new Date(nowMs() + 3600_000);
  const [row] = await db
    .insert(appointments)
    .values({
      token: `tok-${unique()}`,
      start_date: start,
      end_date: new Date(start.getTime() + 15 * 60_000),
      ...fields,
      customer_id: customerId,
      service_id: serviceId,
    })
    .returning();
  return row!;
}

/** An insurer with its IK numbers (platform-wide reference data). */
export async function createInsuranceProvider(
  db: DbOrTx,
  name = `Kasse ${unique()}`,
  iks = [`10${String(seq).padStart(7, '0')}`],
) {
  const [provider] = await db.insert(insuranceProviders).values({ name }).returning();
  const rows = iks.length
    ? await db
        .insert(insuranceIks)
        .values(iks.map((nr) => ({ provider_id: provider!.id, nr })))
        .returning()
    : [];
  return { provider: provider!, iks: rows };
}

/** Opening hours of some weekdays (day_index 1 = Sunday) through the schedule API; replaces the week. */
export async function openOn(
  app: FastifyInstance,
  headers: Record<string, string>,
  staffId: number,
  dayIndexes: number[],
  start = '08:00',
  end = '18:00',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/staff/${staffId}/schedule/items`,
    headers,
    payload: {
      schedule_items: [...new Set(dayIndexes)].map((day_index) => ({
        day_index,
        start_time: start,
        end_time: end,
        break: [],
      })),
    },
  });
  if (res.statusCode !== 200) throw new Error(`opening hours failed: ${res.statusCode} ${res.body}`);
}
