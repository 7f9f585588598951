import { otherSessionsEnded, SECURITY_MSG } from '@tz/shared/messages';
import { describeUserAgent } from '@tz/shared/rules/user-agent';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './own-sessions.repository';

/**
 * The account page's list of the user's own sessions. Ending one revokes its row, which every server
 * process checks; this process forgets it at once, others within SESSION_CACHE_SECONDS (as a logout).
 */

export async function list(deps: AppDeps, auth: AuthContext) {
  const rows = await repo.listOpenSessions(deps.db, auth.userId);
  return rows.map((r) => ({
    id: r.id,
    browser: describeUserAgent(r.user_agent, SECURITY_MSG.unknownBrowser),
    ip: r.ip,
    created_at: r.created_at!,
    last_seen_at: r.last_seen_at ?? r.created_at!,
    current: r.id === auth.sessionId,
  }));
}

export async function endOne(deps: AppDeps, auth: AuthContext, sessionId: string) {
  await deps.db.transaction(async (tx) => {
    const ended = await repo.revokeOwnSession(tx, auth.userId, sessionId);
    if (!ended) throw AppError.notFound(SECURITY_MSG.sessionNotFound, 'SESSION_NOT_FOUND');
    await writeAudit(tx, {
      staff_id: auth.staffId,
      user_id: auth.userId,
      entity: 'user',
      entity_id: auth.userId,
      action: 'session_ended',
      after: { browser: describeUserAgent(ended.user_agent, SECURITY_MSG.unknownBrowser), ip: ended.ip },
    });
  });
  deps.sessions.forgetSession(sessionId);
  return { message: SECURITY_MSG.sessionEnded };
}

export async function endOthers(deps: AppDeps, auth: AuthContext) {
  const ended = await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeSessionsExcept(tx, auth.userId, auth.sessionId);
    if (revoked.length > 0) {
      await writeAudit(tx, {
        staff_id: auth.staffId,
        user_id: auth.userId,
        entity: 'user',
        entity_id: auth.userId,
        action: 'sessions_ended',
        after: { ended_sessions: revoked.length },
      });
    }
    return revoked;
  });
  for (const s of ended) deps.sessions.forgetSession(s.id);
  return { ended: ended.length, message: otherSessionsEnded(ended.length) };
}
