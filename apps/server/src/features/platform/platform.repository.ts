import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { hosts } from '../../db/schema/platform';
import { sessions, users } from '../../db/schema/users';

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
    .select({
      id: centres.id,
      full_name: centres.full_name,
      city: centres.city,
      testcenter: centres.testcenter,
      deactivated: sql<boolean>`${centres.deactivated_at} is not null`,
    })
    .from(centres)
    .orderBy(asc(centres.id));
}

export async function findCentre(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: centres.id, testcenter: centres.testcenter, deactivated_at: centres.deactivated_at })
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

export async function insertCentre(db: DbOrTx, c: { full_name: string; city: string; type: string }) {
  const [row] = await db
    .insert(centres)
    .values({ full_name: c.full_name, city: c.city, tz_city: c.city, type: c.type, testcenter: false })
    .returning({ id: centres.id });
  return row!.id;
}

export async function setDeactivated(db: DbOrTx, id: number, at: Date | null) {
  await db.update(centres).set({ deactivated_at: at }).where(eq(centres.id, id));
}

/** Ends every open session of the centre's users. */
export async function revokeCentreSessions(db: DbOrTx, staffId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: now() })
    .where(
      and(
        isNull(sessions.revoked_at),
        sql`${sessions.user_id} in (select ${users.id} from ${users} where ${users.staff_id} = ${staffId})`,
      ),
    );
}

export async function centreUserIds(db: DbOrTx, staffId: number) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.staff_id, staffId));
  return rows.map((r) => r.id);
}

/** Locks a centre that is not yet activated; false when it is activated already (or missing). */
export async function lockInactiveCentre(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: centres.id })
    .from(centres)
    .where(and(eq(centres.id, id), eq(centres.testcenter, false)))
    .for('update');
  return rows.length > 0;
}
