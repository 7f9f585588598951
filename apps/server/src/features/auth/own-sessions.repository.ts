import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/users';

const iso = (column: typeof sessions.created_at | typeof sessions.last_seen_at) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A user's open, complete sessions, the most recently used first. */
export async function listOpenSessions(db: DbOrTx, userId: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
      created_at: iso(sessions.created_at),
      last_seen_at: iso(sessions.last_seen_at),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        isNull(sessions.stage),
        gt(sessions.expires_at, now()),
      ),
    )
    .orderBy(desc(sql`coalesce(${sessions.last_seen_at}, ${sessions.created_at})`), desc(sessions.created_at));
}

/** Ends one open session of this user; undefined when the user has no such open session. */
export async function revokeOwnSession(db: DbOrTx, userId: number, sessionId: string) {
  const [row] = await db
    .update(sessions)
    .set({ revoked_at: now() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now()),
      ),
    )
    .returning({ id: sessions.id, ip: sessions.ip, user_agent: sessions.user_agent });
  return row;
}

/** Ends every open session of a user except one (if given); returns the ended sessions' ids. */
export async function revokeSessionsExcept(db: DbOrTx, userId: number, exceptSessionId?: string) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: now() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now()),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id, stage: sessions.stage });
  return rows;
}
