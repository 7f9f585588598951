import type { CustomerListQuery } from '@tz/shared/customers/customers.contract';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { customers } from '../../db/schema/customers';
import { insuranceIks, insuranceProviders } from '../../db/schema/insurance';

export const customerColumns = {
  id: customers.id,
  first_name: customers.first_name,
  last_name: customers.last_name,
  full_name: sql<string>`${customers.first_name} || ' ' || ${customers.last_name}`,
  birthday: customers.birthday,
  email: customers.email,
  phone: customers.phone,
  gender: customers.gender,
  street: customers.street,
  postcode: customers.postcode,
  city: customers.city,
  passport: customers.passport,
  insurancePolicyNumber: customers.insurance_policy_number,
  insuranceProviderId: customers.insurance_provider_id,
  ikId: customers.ik_id,
};

/** LIKE wildcards in a user's filter are literal characters. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(staffId: number, q: CustomerListQuery): SQL {
  const where: (SQL | undefined)[] = [eq(customers.staff_id, staffId)];
  if (q.name) {
    const pattern = `%${likeEscape(q.name)}%`;
    where.push(
      or(
        ilike(customers.first_name, pattern),
        ilike(customers.last_name, pattern),
        sql`(${customers.first_name} || ' ' || ${customers.last_name}) ilike ${pattern}`,
      ),
    );
  }
  return and(...where)!;
}

export async function listCustomers(db: DbOrTx, staffId: number, q: CustomerListQuery) {
  const dir = q.order === 'desc' ? desc : asc;
  const sortColumn = {
    last_name: german(customers.last_name),
    first_name: german(customers.first_name),
    birthday: customers.birthday,
    id: customers.id,
  }[q.sort];
  const where = listWhere(staffId, q);
  const [items, total] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(dir(sortColumn), dir(customers.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { items, total: Number(total[0]?.n ?? 0) };
}

export async function findCustomer(db: DbOrTx, staffId: number, id: number) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), eq(customers.id, id)));
  return row;
}

export type CustomerColumns = Partial<typeof customers.$inferInsert>;

export async function insertCustomer(
  db: DbOrTx,
  values: CustomerColumns & { staff_id: number; first_name: string; last_name: string },
) {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  return row!.id;
}

export async function updateCustomer(db: DbOrTx, staffId: number, id: number, set: CustomerColumns) {
  await db
    .update(customers)
    .set(set)
    .where(and(eq(customers.staff_id, staffId), eq(customers.id, id)));
}

/** Another customer of the centre with the same name and birthday (case-insensitive names). */
export async function findDuplicate(
  db: DbOrTx,
  staffId: number,
  c: { first_name: string; last_name: string; birthday: string },
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.staff_id, staffId),
        sql`lower(${customers.last_name}) = lower(${c.last_name})`,
        sql`lower(${customers.first_name}) = lower(${c.first_name})`,
        eq(customers.birthday, c.birthday),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function listInsuranceProviders(db: DbOrTx) {
  const [providers, iks] = await Promise.all([
    db
      .select()
      .from(insuranceProviders)
      .orderBy(asc(german(insuranceProviders.name)), asc(insuranceProviders.id)),
    db.select().from(insuranceIks).orderBy(asc(insuranceIks.nr)),
  ]);
  return providers.map((p) => ({
    id: p.id,
    name: p.name,
    iks: iks.filter((ik) => ik.provider_id === p.id).map((ik) => ({ id: ik.id, nr: ik.nr })),
  }));
}

export async function findProvider(db: DbOrTx, id: number) {
  const [row] = await db.select().from(insuranceProviders).where(eq(insuranceProviders.id, id));
  return row;
}

export async function findIk(db: DbOrTx, id: number) {
  const [row] = await db.select().from(insuranceIks).where(eq(insuranceIks.id, id));
  return row;
}
