import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { appointments } from '../db/schema/appointments';
import { centres } from '../db/schema/centres';
import { customers } from '../db/schema/customers';
import { services } from '../db/schema/services';
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

/**
 * One appointment with its own customer and service (or the given ones), as a
 * row. Named ...Row so the appointments area can own `createAppointment`.
 */
export async function createAppointmentRow(
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
  const start = new Date(Date.now() + 3600_000);
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
