import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { hosts } from '../../db/schema/platform';
import { users } from '../../db/schema/users';

export async function findHost(db: DbOrTx, host: string) {
  const rows = await db.select().from(hosts).where(eq(hosts.host, host)).limit(1);
  return rows[0];
}

export async function migrationState(db: DbOrTx) {
  const res = await db.execute<{ n: number; latest: string | null }>(
    sql`select count(*)::int as n, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  const row = (res as unknown as { rows: { n: number; latest: string | null }[] }).rows[0];
  return { applied: Number(row?.n ?? 0), latest: row?.latest ?? null };
}

export async function listCentres(db: DbOrTx) {
  return db
    .select({ id: centres.id, full_name: centres.full_name, city: centres.city, testcenter: centres.testcenter })
    .from(centres)
    .orderBy(asc(centres.id));
}

export async function findCentre(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: centres.id, testcenter: centres.testcenter })
    .from(centres)
    .where(eq(centres.id, id));
  return rows[0];
}

export async function emailTaken(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(
  db: DbOrTx,
  u: { staff_id: number; name: string; email: string; password_hash: string; role_id: number },
) {
  const [row] = await db.insert(users).values(u).returning({ id: users.id });
  return row!.id;
}

export async function activateCentre(db: DbOrTx, id: number) {
  await db.update(centres).set({ testcenter: true }).where(eq(centres.id, id));
}
