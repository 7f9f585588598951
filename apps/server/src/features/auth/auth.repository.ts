import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { centrePcrLabs, centres, pcrLabs } from '../../db/schema/centres';
import { knownBrowsers } from '../../db/schema/security';
import { loginFailures, sessions, users } from '../../db/schema/users';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
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
  const [row] = await db
    .insert(loginFailures)
    .values({ email: email.toLowerCase(), ip, created_at: now() })
    .returning({ id: loginFailures.id });
  return row!.id;
}

/**
 * The failure limit, atomically: under one lock, count the recent failures and,
 * when below both limits, book this attempt as a failure at once. Parallel
 * attempts therefore see each other's bookings (check-then-act let 40 parallel
 * guesses through 12 checks instead of 10). The caller removes the booking when
 * the password (or the second factor's code) was right. Returns the booking's id and the e-mail's
 * failures counting this one (the one that reaches the limit locks the account), or undefined when
 * over the limit.
 */
export async function reserveLoginAttempt(
  db: Db,
  a: { email: string; ip: string; since: Date; maxByEmail: number; maxByIp: number },
): Promise<{ id: number; emailFailures: number } | undefined> {
  return db.transaction(async (tx) => {
    // One lock for all logins (the IP limit spans accounts); held for two short statements.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tz-login-failures'))`);
    const failures = await countRecentFailures(tx, a.email, a.ip, a.since);
    if (failures.byEmail >= a.maxByEmail || failures.byIp >= a.maxByIp) return undefined;
    return { id: await recordFailure(tx, a.email, a.ip), emailFailures: failures.byEmail + 1 };
  });
}

export async function dropFailure(db: DbOrTx, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearFailures(db: DbOrTx, email: string) {
  await db.delete(loginFailures).where(sql`lower(${loginFailures.email}) = lower(${email})`);
}

export async function insertSession(
  db: DbOrTx,
  s: {
    user_id: number;
    staff_id: number;
    expires_at: Date;
    ip: string;
    user_agent: string | undefined;
    stage?: 'totp' | 'totp_setup' | null;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ ...s, last_seen_at: now() })
    .returning({ id: sessions.id });
  return row!.id;
}

const activeSession = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expires_at,
      userId: users.id,
      staffId: users.staff_id,
      roleId: users.role_id,
      name: users.name,
      email: users.email,
      stage: sessions.stage,
      lastSeenAt: sessions.last_seen_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(centres, eq(centres.id, users.staff_id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.user_id, sql.placeholder('userId')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
        eq(users.active, 1),
        // a deactivated centre's sessions end too (deactivation also revokes them)
        isNull(centres.deactivated_at),
      ),
    )
    .limit(1)
    .prepare('active_session'),
);

/** The per-request check: session valid, user still active, centre not deactivated, in one query. */
export async function findActiveSession(db: Db, sessionId: string, userId: number) {
  const rows = await activeSession(db).execute({ sessionId, userId, now: now() });
  return rows[0];
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revoked_at: now() }).where(eq(sessions.id, sessionId));
}

/** The session's "zuletzt aktiv" (the guard calls it at most once a minute per session). */
export async function touchSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ last_seen_at: now() }).where(eq(sessions.id, sessionId));
}

/** The columns of the session answer: only what it needs (every extra column costs parsing on each call). */
const sessionColumns = {
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    role_id: users.role_id,
    active: users.active,
    staff_id: users.staff_id,
    last_seen_news_item: users.last_seen_news_item,
  },
  centre: {
    id: centres.id,
    full_name: centres.full_name,
    type: centres.type,
    consumables: centres.consumables,
    certificate_product: centres.certificate_product,
    health_department_testcenter_id: centres.health_department_testcenter_id,
    email: centres.email,
  },
  pcrSidebar: sql<boolean>`exists (select 1 from ${centrePcrLabs}
    join ${pcrLabs} on ${pcrLabs.id} = ${centrePcrLabs.pcr_lab_id}
    where ${centrePcrLabs.staff_id} = ${centres.id} and ${pcrLabs.show_sidebar} = 1)`,
};

const sessionInfo = preparedPerDb((db) =>
  db
    .select(sessionColumns)
    .from(users)
    .innerJoin(centres, eq(centres.id, users.staff_id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_info'),
);

/** The user, the centre and whether a lab of the centre belongs in the sidebar, in one query. */
export async function loadSessionInfo(db: Db, userId: number) {
  const [row] = await sessionInfo(db).execute({ userId });
  return row;
}

/** The same with the centre a platform admin works for instead of their own; undefined if there is none. */
export async function loadWorkingSessionInfo(db: Db, userId: number, staffId: number) {
  const [row] = await db
    .select(sessionColumns)
    .from(users)
    .innerJoin(centres, eq(centres.id, staffId))
    .where(eq(users.id, userId));
  return row;
}

/** Whether the centre is deactivated by the platform (its users cannot log in). */
export async function centreDeactivated(db: DbOrTx, staffId: number) {
  const [row] = await db.select({ at: centres.deactivated_at }).from(centres).where(eq(centres.id, staffId));
  return row?.at != null;
}

/** A browser this user signed in with before: its "last seen" moves on; false when unknown. */
export async function touchKnownBrowser(db: DbOrTx, userId: number, browserHash: string) {
  const rows = await db
    .update(knownBrowsers)
    .set({ last_seen_at: now() })
    .where(and(eq(knownBrowsers.user_id, userId), eq(knownBrowsers.browser_hash, browserHash)))
    .returning({ id: knownBrowsers.id });
  return rows.length > 0;
}

export async function hasKnownBrowser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.user_id, userId))
    .limit(1);
  return row !== undefined;
}

export async function rememberBrowser(
  db: DbOrTx,
  b: { user_id: number; staff_id: number; browser_hash: string; user_agent: string | undefined },
) {
  await db
    .insert(knownBrowsers)
    .values({ ...b, first_seen_at: now(), last_seen_at: now() })
    .onConflictDoNothing();
}
