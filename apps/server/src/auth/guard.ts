import { isPlatformAdmin } from '@tz/shared/constants';
import { type Access, type SessionStage, stagesOf } from '@tz/shared/http/endpoint';
import { MSG, SECURITY_MSG } from '@tz/shared/messages';
import type { FastifyRequest } from 'fastify';
import { nowMs } from '../clock';
import type { Db } from '../db/client';
import { findActiveSession, touchSession } from '../features/auth/auth.repository';
import { AppError } from '../http/app-error';
import type { SessionCache } from './session-cache';
import { verifySessionToken } from './tokens';

export interface AuthContext {
  userId: number;
  sessionId: string;
  staffId: number;
  roleId: number;
  name: string;
  email: string;
  expiresAt: Date;
  /** 'full', or a sign-in still waiting for its second factor (see Access.stages). */
  stage: SessionStage;
}

/** "Zuletzt aktiv" of a session is written at most this often (one UPDATE per session and minute). */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * The one place that decides whether a caller may call a route: login, role
 * and centre. Every endpoint declares its `access`; nothing else grants it.
 */
export async function authorize(req: FastifyRequest, access: Access, deps: GuardDeps): Promise<AuthContext | null> {
  if ('public' in access) return null;

  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const auth = await authenticateToken(token, deps);
  checkAccess(auth, access, req.params as Record<string, unknown>, req.body);
  return auth;
}

export interface GuardDeps {
  db: Db;
  jwtSecret: string;
  sessions: SessionCache;
}

/**
 * Token → caller: a valid signature and a live session row (or the same,
 * verified a few seconds ago). Also used by the few endpoints reached by a
 * plain form post (no bearer header possible).
 */
export async function authenticateToken(token: string | undefined, deps: GuardDeps): Promise<AuthContext> {
  if (!token) throw AppError.unauthorized();
  const cached = deps.sessions.get(token);
  if (cached) return cached;
  const claims = await verifySessionToken(deps.jwtSecret, token);
  if (!claims) throw AppError.unauthorized(undefined, 'SESSION_EXPIRED');
  const session = await findActiveSession(deps.db, claims.sid, claims.uid);
  if (!session) throw AppError.unauthorized(undefined, 'SESSION_EXPIRED');
  const auth: AuthContext = {
    userId: session.userId,
    sessionId: session.sessionId,
    staffId: session.staffId,
    roleId: session.roleId,
    name: session.name,
    email: session.email,
    expiresAt: session.expiresAt,
    stage: session.stage ?? 'full',
  };
  if (!session.lastSeenAt || nowMs() - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await touchSession(deps.db, session.sessionId);
  }
  deps.sessions.set(token, auth);
  return auth;
}

/** Role and centre checks of one access declaration against the path parameters and body. */
export function checkAccess(
  auth: AuthContext,
  access: Exclude<Access, { public: true }>,
  params: Record<string, unknown> | undefined,
  body: unknown,
) {
  // A sign-in waiting for its second factor reaches nothing but its own step's routes.
  if (!stagesOf(access).includes(auth.stage)) {
    if (auth.stage === 'totp') throw AppError.forbidden(SECURITY_MSG.codeStepDue, 'SECOND_FACTOR_DUE');
    if (auth.stage === 'totp_setup') throw AppError.forbidden(SECURITY_MSG.setupDue, 'SECOND_FACTOR_SETUP_DUE');
    throw AppError.forbidden();
  }
  if (auth.roleId > access.maxRole) throw AppError.forbidden();

  if (access.tenant && !isPlatformAdmin(auth.roleId)) {
    const pathStaff = Number(params?.[access.tenant]);
    if (pathStaff !== auth.staffId) throw AppError.forbidden();
    // A staff_id in the body must name the same centre as the path.
    const b = body as Record<string, unknown> | undefined;
    if (b && typeof b === 'object' && 'staff_id' in b && b.staff_id != null) {
      if (bodyStaffId(b.staff_id) !== pathStaff) throw AppError.forbidden();
    }
  }
}

/**
 * A body's staff_id as a number. The body is not validated yet (the guard runs
 * first), so it may be anything: an object or array is refused as invalid input
 * (Number() of some objects throws), never a 500.
 */
function bodyStaffId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  throw AppError.field(400, 'staff_id', MSG.invalidInput, 'VALIDATION');
}
