import type { LoginResponse, SessionInfo } from '@tz/shared/auth/auth.contract';
import { MSG } from '@tz/shared/messages';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { signSessionToken } from '../../auth/tokens';
import { nowMs } from '../../clock';
import { AppError } from '../../http/app-error';
import * as repo from './auth.repository';

export async function login(
  deps: AppDeps,
  input: { email: string; password: string; ip: string; userAgent: string | undefined },
): Promise<LoginResponse> {
  const { db, config } = deps;
  const email = input.email.trim();
  const since = new Date(nowMs() - config.loginWindowMinutes * 60_000);
  // Every attempt is booked as a failure before the password is checked (atomically with the count),
  // and the booking is removed when it was right. An office shares one IP, so the IP may fail more often.
  const attempt = await repo.reserveLoginAttempt(db, {
    email,
    ip: input.ip,
    since,
    maxByEmail: config.loginMaxFailures,
    maxByIp: config.loginMaxFailures * 5,
  });
  if (attempt === undefined) throw new AppError(429, 'TOO_MANY_LOGINS', MSG.tooManyLogins);

  const user = await repo.findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
  if (!user || !ok) throw AppError.unauthorized(MSG.wrongLogin, 'WRONG_LOGIN');
  if (user.active !== 1) {
    await repo.dropFailure(db, attempt);
    throw AppError.forbidden(MSG.userBlocked, 'USER_BLOCKED');
  }
  if (await repo.centreDeactivated(db, user.staff_id)) {
    await repo.dropFailure(db, attempt);
    throw AppError.forbidden(MSG.centreIsDeactivated, 'CENTRE_DEACTIVATED');
  }
  await repo.clearFailures(db, email);

  const info = await repo.loadSessionInfo(db, user.id);
  const expiresAt = new Date(nowMs() + config.tokenTtlSeconds * 1000);
  const sid = await repo.insertSession(db, {
    user_id: user.id,
    staff_id: user.staff_id,
    expires_at: expiresAt,
    ip: input.ip,
    user_agent: input.userAgent,
  });
  const token = await signSessionToken(config.jwtSecret, { sid, uid: user.id }, expiresAt);
  return {
    token,
    name: user.name,
    id: user.id,
    role_id: user.role_id,
    bookly_staff_id: user.staff_id,
    email: user.email,
    testcenter_email: info?.centre.email ?? null,
    expiration: Math.floor(expiresAt.getTime() / 1000),
    last_seen_news_item: user.last_seen_news_item?.toISOString() ?? null,
    error: null,
  };
}

/**
 * The session check, for the caller's own centre or the one they work for (`staffId`: the guard
 * has let only a platform admin name another); answered from the session cache for a few seconds
 * after the first call.
 */
export async function session(deps: AppDeps, auth: AuthContext, staffId = auth.staffId): Promise<SessionInfo> {
  let answer = deps.sessions.info(auth.userId, staffId);
  if (!answer) {
    answer = await loadSession(deps, auth.userId, staffId === auth.staffId ? undefined : staffId);
    deps.sessions.setInfo(auth.userId, answer);
  }
  // The expiry belongs to the token, not to the user: two sessions of one user differ here.
  return { ...answer, user: { ...answer.user, expiration: Math.floor(auth.expiresAt.getTime() / 1000) } };
}

/** `workingStaffId`: another centre than the user's own (platform admins only, checked by the guard). */
async function loadSession(deps: AppDeps, userId: number, workingStaffId?: number): Promise<SessionInfo> {
  const info =
    workingStaffId === undefined
      ? await repo.loadSessionInfo(deps.db, userId)
      : await repo.loadWorkingSessionInfo(deps.db, userId, workingStaffId);
  if (!info && workingStaffId !== undefined) throw AppError.notFound(MSG.centreNotFound, 'CENTRE_NOT_FOUND');
  if (!info) throw AppError.unauthorized();
  const { user, centre } = info;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role_id: user.role_id,
      active: user.active,
      staff_id: user.staff_id,
      last_seen_news_item: user.last_seen_news_item?.toISOString() ?? null,
      expiration: 0,
    },
    centre: {
      id: centre.id,
      full_name: centre.full_name,
      type: centre.type,
      consumables: centre.consumables,
      certificate_product: centre.certificate_product,
      pcr_sidebar: info.pcrSidebar,
      health_department_testcenter_id: centre.health_department_testcenter_id,
      email: centre.email,
    },
    health_department_testcenter_id: centre.health_department_testcenter_id,
  };
}

export async function logout(deps: AppDeps, auth: AuthContext) {
  await repo.revokeSession(deps.db, auth.sessionId);
  deps.sessions.forgetSession(auth.sessionId);
  return { ok: true as const };
}
