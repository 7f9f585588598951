import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
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

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One word of the centre search: part of the name or the city (any case), or the
 * centre's id when the word is a number.
 */
function centreWord(word: string): SQL {
  const pattern = `%${likeEscape(word)}%`;
  const text = or(ilike(centres.full_name, pattern), ilike(centres.city, pattern))!;
  return /^\d{1,9}$/.test(word) ? or(text, eq(centres.id, Number(word)))! : text;
}

/**
 * One page of the platform's centres, newest first (a new centre, still to be
 * activated, is on top; a centre whose id was typed before all), with the number
 * of all that match. Every word of `q` must match (name, city or id).
 */
export async function listCentres(db: DbOrTx, q: { q?: string; page: number }, pageSize: number) {
  const words = (q.q ?? '').split(/\s+/).filter(Boolean);
  const where = words.length > 0 ? and(...words.map(centreWord)) : undefined;
  // a number typed is most likely an id: that centre comes first
  const ids = words.filter((w) => /^\d{1,9}$/.test(w)).map(Number);
  const rows = await db
    .select({
      id: centres.id,
      full_name: centres.full_name,
      city: centres.city,
      testcenter: centres.testcenter,
      deactivated: sql<boolean>`${centres.deactivated_at} is not null`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(centres)
    .where(where)
    .orderBy(...(ids.length > 0 ? [sql`${centres.id} in ${ids} desc`] : []), desc(centres.id))
    .limit(pageSize)
    .offset((q.page - 1) * pageSize);
  // Past the last page the window count has no row to ride on: count apart.
  const total = rows[0]?.total ?? (q.page > 1 ? await countCentres(db, where) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total, page: q.page, page_size: pageSize };
}

async function countCentres(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(centres).where(where);
  return row?.n ?? 0;
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
