import type { CsvCustomer } from '@tz/shared/groups/customer-csv';
import type { GroupCustomer, Institution } from '@tz/shared/groups/groups.contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { rowsOf } from '../../db/rows';
import { appointmentInstitutions, appointments } from '../../db/schema/appointments';
import { customerInstitutions, customers, institutions } from '../../db/schema/customers';
import { serviceCategories, services } from '../../db/schema/services';

export async function listInstitutions(db: DbOrTx, staffId: number): Promise<Institution[]> {
  return db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(eq(institutions.staff_id, staffId))
    .orderBy(asc(german(institutions.name)), asc(institutions.id));
}

export async function findInstitution(db: DbOrTx, staffId: number, id: number): Promise<Institution | undefined> {
  const [row] = await db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(and(eq(institutions.staff_id, staffId), eq(institutions.id, id)));
  return row;
}

/** Locks the group row, so concurrent imports into one group run one after the other. */
export async function lockInstitution(db: DbOrTx, staffId: number, id: number) {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.staff_id, staffId), eq(institutions.id, id)))
    .for('update');
  return row;
}

/** Another group of the centre with this name, case-insensitive. */
export async function findByName(db: DbOrTx, staffId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(
      and(
        eq(institutions.staff_id, staffId),
        sql`lower(${institutions.name}) = lower(${name})`,
        exceptId ? ne(institutions.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertInstitution(db: DbOrTx, staffId: number, name: string): Promise<Institution> {
  const [row] = await db
    .insert(institutions)
    .values({ staff_id: staffId, name })
    .returning({ id: institutions.id, name: institutions.name });
  return row!;
}

export async function renameInstitution(db: DbOrTx, staffId: number, id: number, name: string) {
  const [row] = await db
    .update(institutions)
    .set({ name })
    .where(and(eq(institutions.staff_id, staffId), eq(institutions.id, id)))
    .returning({ id: institutions.id, name: institutions.name });
  return row;
}

const memberColumns = {
  id: customers.id,
  first_name: customers.first_name,
  last_name: customers.last_name,
  street: customers.street,
  postcode: customers.postcode,
  city: customers.city,
  email: customers.email,
  phone: customers.phone,
  birthday: customers.birthday,
  passport: customers.passport,
};

/** One page of the group's members in German order of last and first name (then id, so pages never overlap). */
export async function members(
  db: DbOrTx,
  staffId: number,
  institutionId: number,
  page: { limit: number; offset: number },
): Promise<GroupCustomer[]> {
  return db
    .select(memberColumns)
    .from(customerInstitutions)
    .innerJoin(customers, eq(customers.id, customerInstitutions.customer_id))
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.institution_id, institutionId)))
    .orderBy(asc(german(customers.last_name)), asc(german(customers.first_name)), asc(customers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function memberCount(db: DbOrTx, staffId: number, institutionId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerInstitutions)
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.institution_id, institutionId)));
  return Number(row?.n ?? 0);
}

/** Every member's id, ascending ('Alle auswählen' on the group page, resolved on the server). */
export async function allMemberIds(db: DbOrTx, staffId: number, institutionId: number) {
  const rows = await db
    .select({ id: customerInstitutions.customer_id })
    .from(customerInstitutions)
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.institution_id, institutionId)))
    .orderBy(asc(customerInstitutions.customer_id));
  return rows.map((r) => r.id);
}

/** Name and birthday of every member (the import's duplicate check). */
export async function memberKeysOf(db: DbOrTx, staffId: number, institutionId: number) {
  return db
    .select({ first_name: customers.first_name, last_name: customers.last_name, birthday: customers.birthday })
    .from(customerInstitutions)
    .innerJoin(customers, eq(customers.id, customerInstitutions.customer_id))
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.institution_id, institutionId)));
}

/** Those of the ids that are members of the group. */
export async function memberIds(db: DbOrTx, staffId: number, institutionId: number, customerIds: number[]) {
  const rows = await db
    .select({ id: customerInstitutions.customer_id })
    .from(customerInstitutions)
    .where(
      and(
        eq(customerInstitutions.staff_id, staffId),
        eq(customerInstitutions.institution_id, institutionId),
        inArray(customerInstitutions.customer_id, customerIds),
      ),
    );
  return rows.map((r) => r.id);
}

/** Customers of the centre born on one of the dates: the candidates an import row may be. */
export async function customersBornOn(db: DbOrTx, staffId: number, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({
      id: customers.id,
      first_name: customers.first_name,
      last_name: customers.last_name,
      birthday: customers.birthday,
    })
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), sql`${customers.birthday} = any(${sql.param(dates)}::date[])`))
    .orderBy(asc(customers.id));
}

/** Rows per statement of the import's inserts (arrays bound as parameters, so no parameter limit applies). */
const IMPORT_BATCH = 10_000;

/**
 * Inserts the import's customers: one `insert … select from unnest(arrays)` per
 * 10,000 rows (a row-by-row VALUES list costs many times more to build and to
 * parse). Answers the new ids in the order of `rows`.
 */
export async function insertCustomers(db: DbOrTx, staffId: number, rows: CsvCustomer[], at: Date): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
    const batch = rows.slice(i, i + IMPORT_BATCH);
    const col = <K extends keyof CsvCustomer>(k: K) => sql.param(batch.map((r) => r[k]));
    const res = await db.execute(sql`
      insert into ${customers} (staff_id, created_at, first_name, last_name, street, postcode, city, email, phone, birthday, passport)
      select ${staffId}::int, ${at.toISOString()}::timestamptz,
        u.first_name, u.last_name, u.street, u.postcode, u.city, u.email, u.phone, u.birthday, u.passport
      from unnest(${col('first_name')}::text[], ${col('last_name')}::text[], ${col('street')}::text[],
        ${col('postcode')}::text[], ${col('city')}::text[], ${col('email')}::text[], ${col('phone')}::text[],
        ${col('birthday')}::date[], ${col('passport')}::text[]) with ordinality
        as u(first_name, last_name, street, postcode, city, email, phone, birthday, passport, n)
      order by u.n
      returning id`);
    ids.push(...rowsOf<{ id: number }>(res).map((r) => Number(r.id)));
  }
  return ids;
}

/** Adds the customers to the group; those already in it stay as they are. Answers how many were added. */
export async function addMembers(db: DbOrTx, staffId: number, institutionId: number, customerIds: number[]) {
  let added = 0;
  for (let i = 0; i < customerIds.length; i += IMPORT_BATCH) {
    const res = await db.execute(sql`
      insert into ${customerInstitutions} (staff_id, customer_id, institution_id)
      select ${staffId}::int, c, ${institutionId}::int from unnest(${sql.param(customerIds.slice(i, i + IMPORT_BATCH))}::int[]) as c
      on conflict do nothing
      returning customer_id`);
    added += rowsOf(res).length;
  }
  return added;
}

export async function removeMember(db: DbOrTx, staffId: number, institutionId: number, customerId: number) {
  const rows = await db
    .delete(customerInstitutions)
    .where(
      and(
        eq(customerInstitutions.staff_id, staffId),
        eq(customerInstitutions.institution_id, institutionId),
        eq(customerInstitutions.customer_id, customerId),
      ),
    )
    .returning({ id: customerInstitutions.customer_id });
  return rows.length;
}

export async function customerExists(db: DbOrTx, staffId: number, customerId: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), eq(customers.id, customerId)));
  return !!row;
}

export async function institutionIdsOfCustomer(db: DbOrTx, staffId: number, customerId: number) {
  const rows = await db
    .select({ id: customerInstitutions.institution_id })
    .from(customerInstitutions)
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.customer_id, customerId)))
    .orderBy(asc(customerInstitutions.institution_id));
  return rows.map((r) => r.id);
}

/** Those of the ids that are groups of the centre. */
export async function ownInstitutionIds(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.staff_id, staffId), inArray(institutions.id, ids)));
  return rows.map((r) => r.id);
}

export async function replaceInstitutionsOfCustomer(
  db: DbOrTx,
  staffId: number,
  customerId: number,
  institutionIds: number[],
) {
  await db
    .delete(customerInstitutions)
    .where(and(eq(customerInstitutions.staff_id, staffId), eq(customerInstitutions.customer_id, customerId)));
  if (institutionIds.length > 0) {
    await db
      .insert(customerInstitutions)
      .values(institutionIds.map((institution_id) => ({ staff_id: staffId, customer_id: customerId, institution_id })));
  }
}

export async function linkAppointments(db: DbOrTx, staffId: number, institutionId: number, appointmentIds: number[]) {
  for (let i = 0; i < appointmentIds.length; i += IMPORT_BATCH) {
    await db.execute(sql`
      insert into ${appointmentInstitutions} (staff_id, appointment_id, institution_id)
      select ${staffId}::int, a, ${institutionId}::int
      from unnest(${sql.param(appointmentIds.slice(i, i + IMPORT_BATCH))}::int[]) as a`);
  }
}

/** The group's appointments that are not cancelled, one line per start and service, in the centre's zone. */
export async function groupAppointments(db: DbOrTx, staffId: number, institutionId: number, timeZone: string) {
  const local = sql`(${appointments.start_date} at time zone ${timeZone})`;
  const rows = await db
    .select({
      id: sql<number>`min(${appointments.id})`,
      start_date: appointments.start_date,
      date: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI')`,
      weekday: sql<number>`extract(dow from ${local})::int + 1`,
      service_title: services.title,
      cat_name: serviceCategories.name,
      number: sql<number>`count(*)::int`,
    })
    .from(appointmentInstitutions)
    .innerJoin(appointments, eq(appointments.id, appointmentInstitutions.appointment_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.category_id))
    .where(
      and(
        eq(appointmentInstitutions.staff_id, staffId),
        eq(appointmentInstitutions.institution_id, institutionId),
        eq(appointments.staff_id, staffId),
        ne(appointments.status, 'cancelled'),
        eq(appointments.should_block_slot, false),
      ),
    )
    .groupBy(appointments.start_date, services.id, services.title, serviceCategories.name)
    .orderBy(asc(appointments.start_date), asc(german(services.title)));
  return rows.map((r) => ({ ...r, id: Number(r.id), start_date: r.start_date.toISOString() }));
}
