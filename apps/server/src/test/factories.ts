import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { centres } from '../db/schema/centres';
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

/** Test types 1 (Antigen-Schnelltest) and 2 (PCR-Test), once per database. */
export async function ensureTestTypes(db: DbOrTx) {
  await db
    .insert(testTypes)
    .values([
      { id: 1, label: 'Antigen-Schnelltest' },
      { id: 2, label: 'PCR-Test' },
    ])
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
    .values({ title: `Dienstleistung ${unique()}`, price: 1000, ...fields })
    .returning();
  return row!;
}
