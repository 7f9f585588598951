import type { LoginResponse, SessionInfo } from '@tz/shared/auth/auth.contract';
import { MSG } from '@tz/shared/messages';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { signSessionToken } from '../../auth/tokens';
import { nowMs } from '../../clock';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './auth.repository';
import { recogniseBrowser, type SignInContext } from './sign-in-notice';
import { centreOf } from './two-factor.repository';
import { secondFactorStage } from './two-factor-rules';

/** Short lives for a sign-in step: entering the code, or setting up the app (which may mean installing one). */
const CODE_STEP_MS = 10 * 60_000;
const SETUP_STEP_MS = 30 * 60_000;

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserByEmail>>>;

export async function login(
  deps: AppDeps,
  input: { email: string; password: string } & SignInContext,
): Promise<LoginResponse> {
  const { db } = deps;
  const email = input.email.trim();
  // Every attempt is booked as a failure before the password is checked (atomically with the count),
  // and the booking is removed when it was right. An office shares one IP, so the IP may fail more often.
  const attempt = await reserveAttempt(deps, email, input.ip);
  const user = await repo.findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
  if (!user || !ok) {
    deps.metrics.loginFailures.inc();
    if (user) await noteLockout(deps, attempt, user);
    throw AppError.unauthorized(MSG.wrongLogin, 'WRONG_LOGIN');
  }
  if (user.active !== 1) {
    await repo.dropFailure(db, attempt.id);
    throw AppError.forbidden(MSG.userBlocked, 'USER_BLOCKED');
  }
  if (await repo.centreDeactivated(db, user.staff_id)) {
    await repo.dropFailure(db, attempt.id);
    throw AppError.forbidden(MSG.centreIsDeactivated, 'CENTRE_DEACTIVATED');
  }
  const stage = await secondFactorStage(deps, user);
  // With a second factor due, only this booking goes: earlier wrong codes keep counting, or a known
  // password would buy ten new code guesses with every sign-in.
  if (stage === 'totp') await repo.dropFailure(db, attempt.id);
  else await repo.clearFailures(db, email);
  if (stage) return startSignInStep(deps, user, stage, input);
  return completeSignIn(deps, user, input);
}

/** Books an attempt of this e-mail and address, or refuses with 429 when either is over its limit. */
export async function reserveAttempt(deps: AppDeps, email: string, ip: string) {
  const { config } = deps;
  const attempt = await repo.reserveLoginAttempt(deps.db, {
    email,
    ip,
    since: new Date(nowMs() - config.loginWindowMinutes * 60_000),
    maxByEmail: config.loginMaxFailures,
    maxByIp: config.loginMaxFailures * 5,
  });
  if (attempt === undefined) throw new AppError(429, 'TOO_MANY_LOGINS', MSG.tooManyLogins);
  return attempt;
}

/** The failure that reaches the limit locks the account for the window: the centre's audit trail says so. */
export async function noteLockout(
  deps: AppDeps,
  attempt: { emailFailures: number },
  user: { id: number; staff_id: number },
) {
  if (attempt.emailFailures !== deps.config.loginMaxFailures) return;
  deps.metrics.loginLockouts.inc();
  await writeAudit(deps.db, {
    staff_id: user.staff_id,
    user_id: null,
    entity: 'user',
    entity_id: user.id,
    action: 'lockout',
    after: { failures: attempt.emailFailures, minutes: deps.config.loginWindowMinutes },
  });
}

/** A session that reaches only the code (or set-up) routes, for minutes; the answer says which step is due. */
async function startSignInStep(deps: AppDeps, user: UserRow, stage: 'totp' | 'totp_setup', ctx: SignInContext) {
  const expiresAt = new Date(nowMs() + (stage === 'totp' ? CODE_STEP_MS : SETUP_STEP_MS));
  const sid = await repo.insertSession(deps.db, {
    user_id: user.id,
    staff_id: user.staff_id,
    expires_at: expiresAt,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    stage,
  });
  const token = await signSessionToken(deps.config.jwtSecret, { sid, uid: user.id }, expiresAt);
  return loginAnswer(user, token, expiresAt, null, stage);
}

/**
 * The end of every sign-in (password alone, or after the code, or after setting the second factor up):
 * a full session, the browser recognised or remembered (with a notice mail when it is new).
 */
export async function completeSignIn(deps: AppDeps, user: UserRow, ctx: SignInContext): Promise<LoginResponse> {
  const info = await repo.loadSessionInfo(deps.db, user.id);
  const timeZone = (await centreOf(deps.db, user.staff_id))?.time_zone ?? 'Europe/Berlin';
  const expiresAt = new Date(nowMs() + deps.config.tokenTtlSeconds * 1000);
  const sid = await deps.db.transaction(async (tx) => {
    const id = await repo.insertSession(tx, {
      user_id: user.id,
      staff_id: user.staff_id,
      expires_at: expiresAt,
      ip: ctx.ip,
      user_agent: ctx.userAgent,
    });
    await recogniseBrowser(tx, user, ctx, timeZone);
    return id;
  });
  const token = await signSessionToken(deps.config.jwtSecret, { sid, uid: user.id }, expiresAt);
  return loginAnswer(user, token, expiresAt, info?.centre.email ?? null, null);
}

function loginAnswer(
  user: UserRow,
  token: string,
  expiresAt: Date,
  centreEmail: string | null,
  secondFactor: 'totp' | 'totp_setup' | null,
): LoginResponse {
  return {
    token,
    name: user.name,
    id: user.id,
    role_id: user.role_id,
    bookly_staff_id: user.staff_id,
    email: user.email,
    testcenter_email: centreEmail,
    expiration: Math.floor(expiresAt.getTime() / 1000),
    last_seen_news_item: user.last_seen_news_item?.toISOString() ?? null,
    error: null,
    second_factor: secondFactor,
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
