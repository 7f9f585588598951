import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centrePcrLabs, centres, pcrLabs } from '../../db/schema/centres';
import { loginFailures, sessions, users } from '../../db/schema/users';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0];
}

export async function countRecentFailures(db: DbOrTx, email: string, ip: string, since: Date) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where lower(${loginFailures.email}) = lower(${email}))`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.created_at, since),
        or(sql`lower(${loginFailures.email}) = lower(${email})`, eq(loginFailures.ip, ip)),
      ),
    );
  return row ?? { byEmail: 0, byIp: 0 };
}

export async function recordFailure(db: DbOrTx, email: string, ip: string) {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
}

export async function clearFailures(db: DbOrTx, email: string) {
  await db.delete(loginFailures).where(sql`lower(${loginFailures.email}) = lower(${email})`);
}

export async function insertSession(
  db: DbOrTx,
  s: { user_id: number; staff_id: number; expires_at: Date; ip: string; user_agent: string | undefined },
) {
  const [row] = await db.insert(sessions).values(s).returning({ id: sessions.id });
  return row!.id;
}

/** The per-request check: session valid and user still active, in one query. */
export async function findActiveSession(db: DbOrTx, sessionId: string, userId: number) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expires_at,
      userId: users.id,
      staffId: users.staff_id,
      roleId: users.role_id,
      name: users.name,
      email: users.email,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.active, 1),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionsOfUser(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}

export async function loadSessionInfo(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, centre: centres })
    .from(users)
    .innerJoin(centres, eq(centres.id, users.staff_id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const [labs] = await db
    .select({ n: count() })
    .from(centrePcrLabs)
    .innerJoin(pcrLabs, eq(pcrLabs.id, centrePcrLabs.pcr_lab_id))
    .where(and(eq(centrePcrLabs.staff_id, row.centre.id), eq(pcrLabs.show_sidebar, 1)));
  return { ...row, pcrSidebar: (labs?.n ?? 0) > 0 };
}
