import { isPlatformAdmin } from '@tz/shared/constants';
import { MSG, SECURITY_MSG } from '@tz/shared/messages';
import { dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import QRCode from 'qrcode';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { verifyPassword } from '../../auth/passwords';
import {
  hashRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from '../../auth/recovery-codes';
import { matchingStep, newTotpSecret, otpauthUri } from '../../auth/totp';
import { nowMs } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { open, seal } from '../settings/demis-certificate';
import { findUser } from '../users/users.repository';
import * as authRepo from './auth.repository';
import { completeSignIn, noteLockout, reserveAttempt } from './auth.service';
import { revokeSessionsExcept } from './own-sessions.repository';
import type { SignInContext } from './sign-in-notice';
import * as repo from './two-factor.repository';
import { PLATFORM_ZONE, requirementOf } from './two-factor-rules';

/**
 * The second factor's rules: set-up, sign-in with a code or a recovery code, turning it off, the
 * administrator's reset, and the centre's and the platform's requirement. The secret is sealed with
 * CERT_KEY exactly as the DEMIS certificates are (AES-256-GCM, bound to its user), and never leaves the
 * server except once, to its own user, while setting up.
 */

const secretAad = (userId: number) => `totp-secret:${userId}`;

function sealSecret(config: Pick<Config, 'certKey'>, userId: number, secret: string) {
  const sealed = seal(config, Buffer.from(secret, 'utf8'), secretAad(userId));
  return { secret_iv: sealed.iv, secret_tag: sealed.tag, secret_ciphertext: sealed.ciphertext };
}

function openSecret(config: Pick<Config, 'certKey'>, userId: number, row: repo.SealedSecret) {
  return open(
    config,
    { iv: row.secret_iv, tag: row.secret_tag, ciphertext: row.secret_ciphertext },
    secretAad(userId),
  ).toString('utf8');
}

const wrongCode = () => AppError.field(422, 'code', SECURITY_MSG.wrongCode, 'WRONG_CODE');

async function loadUser(deps: AppDeps, userId: number) {
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw AppError.unauthorized();
  return user;
}

/** Ends sessions in the database and drops them from this process's cache at once. */
async function forgetEnded(deps: AppDeps, ended: { id: string }[]) {
  for (const s of ended) deps.sessions.forgetSession(s.id);
}

export async function status(deps: AppDeps, auth: AuthContext) {
  const user = await loadUser(deps, auth.userId);
  const totp = await repo.findTotp(deps.db, user.id);
  const requirement = await requirementOf(deps.db, user);
  return {
    enabled: !!totp?.confirmed_at,
    required: requirement.required,
    required_reason: requirement.reason,
    recovery_codes_left: totp?.confirmed_at ? await repo.recoveryCodesLeft(deps.db, user.id) : 0,
  };
}

/** A new secret awaiting its first code: QR code (made here, no outside service) and text. */
export async function startSetup(deps: AppDeps, auth: AuthContext) {
  const user = await loadUser(deps, auth.userId);
  const secret = newTotpSecret();
  const stored = await repo.savePendingTotp(deps.db, user.id, user.staff_id, sealSecret(deps.config, user.id, secret));
  if (!stored) throw AppError.conflict(SECURITY_MSG.alreadyOn, 'TWO_FACTOR_ON');
  const centre = await repo.centreOf(deps.db, user.staff_id);
  const uri = otpauthUri(secret, centre?.full_name ?? '', user.email);
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_uri: uri, qr_svg: qr };
}

/**
 * The first code turns the second factor on: ten recovery codes (shown once, stored hashed), every other
 * session of the user ends. When the set-up was the step of a sign-in, that sign-in is completed.
 */
export async function confirmSetup(deps: AppDeps, auth: AuthContext, code: string, ctx: SignInContext) {
  const user = await loadUser(deps, auth.userId);
  const row = await repo.findTotp(deps.db, user.id);
  if (!row) throw AppError.rule(SECURITY_MSG.notStarted, 'TWO_FACTOR_NOT_STARTED');
  if (row.confirmed_at) throw AppError.conflict(SECURITY_MSG.alreadyOn, 'TWO_FACTOR_ON');
  const step = matchingStep(openSecret(deps.config, user.id, row), code.replace(/\s/g, ''), nowMs());
  if (step === null) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const ended = await deps.db.transaction(async (tx) => {
    if (!(await repo.confirmTotp(tx, user.id, step))) throw AppError.conflict(SECURITY_MSG.alreadyOn, 'TWO_FACTOR_ON');
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      user.staff_id,
      codes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!)),
    );
    // A sign-in step ends too: it is replaced by a full session below.
    const revoked = await revokeSessionsExcept(tx, user.id, auth.stage === 'full' ? auth.sessionId : undefined);
    await writeAudit(tx, {
      staff_id: user.staff_id,
      user_id: user.id,
      entity: 'user',
      entity_id: user.id,
      action: 'two_factor_on',
      after: { ended_sessions: revoked.filter((s) => s.stage === null).length },
    });
    return revoked;
  });
  await forgetEnded(deps, ended);
  const login = auth.stage === 'totp_setup' ? await completeSignIn(deps, user, ctx) : null;
  return { recovery_codes: codes, message: SECURITY_MSG.turnedOn, login };
}

type CodeCheck = { ok: true; recoveryCodesLeft?: number } | { ok: false; message: string };

/** A code from the app (±1 step, never twice) or an unused recovery code (used up now). */
async function checkCode(deps: AppDeps, user: { id: number; staff_id: number }, input: string): Promise<CodeCheck> {
  const digits = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const row = await repo.findTotp(deps.db, user.id);
    if (!row?.confirmed_at) return { ok: false, message: SECURITY_MSG.wrongCode };
    const step = matchingStep(openSecret(deps.config, user.id, row), digits, nowMs());
    if (step === null) return { ok: false, message: SECURITY_MSG.wrongCode };
    if (!(await repo.acceptStep(deps.db, user.id, step))) return { ok: false, message: SECURITY_MSG.codeUsed };
    return { ok: true };
  }
  const recovery = normaliseRecoveryCode(input);
  if (!recovery) return { ok: false, message: SECURITY_MSG.wrongCode };
  const hash = hashRecoveryCode(recovery);
  return deps.db.transaction(async (tx): Promise<CodeCheck> => {
    if (!(await repo.useRecoveryCode(tx, user.id, hash))) {
      const used = await repo.recoveryCodeWasUsed(tx, user.id, hash);
      return { ok: false, message: used ? SECURITY_MSG.recoveryCodeUsed : SECURITY_MSG.wrongCode };
    }
    const left = await repo.recoveryCodesLeft(tx, user.id);
    await writeAudit(tx, {
      staff_id: user.staff_id,
      user_id: user.id,
      entity: 'user',
      entity_id: user.id,
      action: 'recovery_code_used',
      after: { recovery_codes_left: left },
    });
    return { ok: true, recoveryCodesLeft: left };
  });
}

/**
 * The sign-in's second step. Each try is booked against the same limit as passwords (per e-mail and
 * address); a wrong or reused code stays booked, a right one clears the e-mail's failures.
 */
export async function completeSecondFactor(deps: AppDeps, auth: AuthContext, code: string, ctx: SignInContext) {
  const user = await loadUser(deps, auth.userId);
  const attempt = await reserveAttempt(deps, user.email, ctx.ip);
  const check = await checkCode(deps, user, code);
  if (!check.ok) {
    deps.metrics.loginFailures.inc();
    await noteLockout(deps, attempt, user);
    throw AppError.field(422, 'code', check.message, 'WRONG_CODE');
  }
  await authRepo.clearFailures(deps.db, user.email);
  await authRepo.revokeSession(deps.db, auth.sessionId);
  deps.sessions.forgetSession(auth.sessionId);
  return completeSignIn(deps, user, ctx);
}

/** Off again, with the password (a forgotten session must not switch it off); refused while required. */
export async function disable(deps: AppDeps, auth: AuthContext, password: string, ip: string) {
  const user = await loadUser(deps, auth.userId);
  const attempt = await reserveAttempt(deps, user.email, ip);
  if (!(await verifyPassword(user.password_hash, password))) {
    await noteLockout(deps, attempt, user);
    throw AppError.field(422, 'password', SECURITY_MSG.wrongPassword, 'WRONG_PASSWORD');
  }
  await authRepo.dropFailure(deps.db, attempt.id);
  if ((await requirementOf(deps.db, user)).required) {
    throw AppError.rule(SECURITY_MSG.requiredCannotTurnOff, 'TWO_FACTOR_REQUIRED');
  }
  const ended = await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteTotp(tx, user.id))) throw AppError.conflict(SECURITY_MSG.notOn, 'TWO_FACTOR_OFF');
    const revoked = await revokeSessionsExcept(tx, user.id, auth.sessionId);
    await writeAudit(tx, {
      staff_id: user.staff_id,
      user_id: user.id,
      entity: 'user',
      entity_id: user.id,
      action: 'two_factor_off',
      after: { ended_sessions: revoked.filter((s) => s.stage === null).length },
    });
    return revoked;
  });
  await forgetEnded(deps, ended);
  return { message: SECURITY_MSG.turnedOff };
}

/**
 * An administrator (role ≤ 20, or the platform) resets a user's second factor, e.g. after a lost phone:
 * secret and recovery codes go, every session of the user ends, and a required second factor is set up
 * anew at the next sign-in. Nobody ever reads another user's secret.
 */
export async function reset(deps: AppDeps, auth: AuthContext, staffId: number, userId: number) {
  if (userId === auth.userId) throw AppError.rule(SECURITY_MSG.resetSelf, 'RESET_SELF');
  const target = await findUser(deps.db, staffId, userId);
  if (!target) throw AppError.notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  if (!isPlatformAdmin(auth.roleId) && target.role_id < auth.roleId) {
    throw AppError.forbidden(MSG.userTooPowerful, 'USER_TOO_POWERFUL');
  }
  const ended = await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteTotp(tx, userId))) throw AppError.rule(SECURITY_MSG.resetNothing, 'TWO_FACTOR_OFF');
    const revoked = await revokeSessionsExcept(tx, userId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'user',
      entity_id: userId,
      action: 'two_factor_reset',
      after: { ended_sessions: revoked.filter((s) => s.stage === null).length },
    });
    return revoked;
  });
  await forgetEnded(deps, ended);
  deps.sessions.forgetUser(userId);
  return { message: SECURITY_MSG.resetDone };
}

export const listEnabledUsers = (deps: AppDeps, staffId: number) => repo.listEnabledUsers(deps.db, staffId);

export async function centreRequirement(deps: AppDeps, staffId: number) {
  return { required: (await repo.centreOf(deps.db, staffId))?.two_factor_required ?? false };
}

/** The centre's administrator requires the second factor of every user (from their next sign-in). */
export async function setCentreRequirement(deps: AppDeps, auth: AuthContext, staffId: number, required: boolean) {
  await deps.db.transaction(async (tx) => {
    const before = (await repo.centreOf(tx, staffId))?.two_factor_required ?? false;
    if (before === required) return;
    await repo.setCentreRequirement(tx, staffId, required);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'centre_settings',
      entity_id: staffId,
      action: 'two_factor_required',
      before: { two_factor_required: before },
      after: { two_factor_required: required },
    });
  });
  return { required, message: SECURITY_MSG.centreRequirementSaved };
}

export async function platformSecurity(deps: AppDeps) {
  const from = await repo.platformAdminTotpFrom(deps.db);
  return { admin_totp_required_from: from ? dateOnPlatform(from) : null };
}

const dateOnPlatform = (at: Date) => dateInZone(at, PLATFORM_ZONE);

/** The end of the platform admins' grace period: from that day (00:00 in Berlin) the second factor is due. */
export async function setPlatformSecurity(deps: AppDeps, auth: AuthContext, date: string) {
  if (date < dateOnPlatform(new Date(nowMs()))) {
    throw AppError.field(422, 'admin_totp_required_from', SECURITY_MSG.graceInPast, 'DATE_IN_PAST');
  }
  const from = zonedInstant(date, '00:00', PLATFORM_ZONE);
  await deps.db.transaction(async (tx) => {
    const before = await repo.platformAdminTotpFrom(tx);
    await repo.setPlatformAdminTotpFrom(tx, from, auth.userId);
    await writeAudit(tx, {
      staff_id: null,
      user_id: auth.userId,
      entity: 'platform',
      entity_id: 1,
      action: 'two_factor_grace',
      before: { admin_totp_required_from: before ? dateOnPlatform(before) : null },
      after: { admin_totp_required_from: date },
    });
  });
  return { admin_totp_required_from: date, message: SECURITY_MSG.graceSaved };
}
