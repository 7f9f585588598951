import { APP_VERSION, ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { NewTestCentre, testCentreUserSchema } from '@tz/shared/platform/platform.contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { hashPassword } from '../../auth/passwords';
import { now } from '../../clock';
import { AppError } from '../../http/app-error';
import { parseHost } from '../../http/host-check';
import { hostBaseUrl } from '../../http/public-url';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './platform.repository';

/** `hostHeader`: the request's Host (with port), parsed strictly. */
export async function hostBranding(deps: AppDeps, hostHeader: string) {
  const host = parseHost(hostHeader);
  if (!host) throw new AppError(400, 'NT', MSG.unknownHost);
  // An api_url the platform did not set is this installation's own address (not a default port).
  const own = await repo.findHost(deps.db, host);
  if (own) return { ...own, api_url: own.api_url ?? `${hostBaseUrl(deps.config, host, true)}/api` };
  // Hosts allowed by configuration only get the default branding.
  const fallback = deps.config.allowedHosts.includes(host) ? await repo.findHost(deps.db, 'localhost') : undefined;
  if (!fallback) throw new AppError(400, 'NT', MSG.unknownHost);
  return { ...fallback, host, api_url: fallback.api_url ?? `${hostBaseUrl(deps.config, host, false)}/api` };
}

export async function health(deps: AppDeps) {
  return {
    status: 'ok' as const,
    database: deps.database.kind,
    migrations: await repo.migrationState(deps.db),
    version: APP_VERSION,
  };
}

/** Kept for callers of the platform feature; the text lives in MSG. */
export const EMAIL_TAKEN = MSG.emailTaken;

/** Activates a centre by creating its first user, an administrator (role 20). */
export async function createCentreUser(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  input: z.infer<typeof testCentreUserSchema>,
) {
  if (input.staff_id !== staffId) throw AppError.badRequest(MSG.invalidInput);
  const centre = await repo.findCentre(deps.db, staffId);
  if (!centre) throw AppError.notFound(MSG.centreNotFound);
  if (centre.testcenter) throw AppError.conflict(MSG.centreAlreadyActivated, 'ALREADY_ACTIVATED');
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    // Activation happens once: the row lock makes a second, parallel activation wait and then fail.
    if (!(await repo.lockInactiveCentre(tx, staffId))) {
      throw AppError.conflict(MSG.centreAlreadyActivated, 'ALREADY_ACTIVATED');
    }
    if (await repo.emailTaken(tx, input.email)) throw AppError.field(409, 'email', EMAIL_TAKEN, 'EMAIL_TAKEN');
    const id = await repo.insertUser(tx, {
      staff_id: staffId,
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      role_id: ROLE.admin,
    });
    await repo.activateCentre(tx, staffId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'user',
      entity_id: id,
      action: 'create_centre_user',
      after: { role_id: ROLE.admin, email: input.email },
    });
    return { id, message: MSG.testcenterUserSaved };
  });
}

/** A new centre, not yet activated: the platform activates it by creating its first user. */
export async function createCentre(deps: AppDeps, auth: AuthContext, input: NewTestCentre) {
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertCentre(tx, input);
    await writeAudit(tx, {
      staff_id: id,
      user_id: auth.userId,
      entity: 'centre',
      entity_id: id,
      action: 'create',
      after: { full_name: input.full_name, city: input.city, type: input.type },
    });
    return { id, message: MSG.centreCreated };
  });
}

/**
 * Deactivation keeps every row of the centre; it refuses its users' logins and
 * ends their open sessions at once (the session cache of this process too;
 * other processes see it within the cache's few seconds). The platform's own
 * centre cannot be deactivated by its administrator.
 */
export async function setCentreActive(deps: AppDeps, auth: AuthContext, staffId: number, active: boolean) {
  if (!active && staffId === auth.staffId) throw AppError.rule(MSG.ownCentreNotDeactivatable, 'OWN_CENTRE');
  await deps.db.transaction(async (tx) => {
    const centre = await repo.findCentre(tx, staffId);
    if (!centre) throw AppError.notFound(MSG.centreNotFound);
    const wasDeactivated = centre.deactivated_at != null;
    if (wasDeactivated === !active) return;
    await repo.setDeactivated(tx, staffId, active ? null : now());
    if (!active) await repo.revokeCentreSessions(tx, staffId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'centre',
      entity_id: staffId,
      action: active ? 'reactivate' : 'deactivate',
      before: { deactivated: wasDeactivated },
      after: { deactivated: !active },
    });
  });
  // After the commit, or a concurrent call could cache the old state again.
  if (!active) for (const userId of await repo.centreUserIds(deps.db, staffId)) deps.sessions.forgetUser(userId);
  return {
    id: staffId,
    deactivated: !active,
    message: active ? MSG.centreReactivated : MSG.centreDeactivated,
  };
}

/** The platform admin adopts a centre's ID as the working staff id; recorded in that centre's audit trail. */
export async function adoptCentre(deps: AppDeps, auth: AuthContext, staffId: number) {
  const centre = await repo.findCentre(deps.db, staffId);
  if (!centre) throw AppError.notFound(MSG.centreNotFound);
  await writeAudit(deps.db, {
    staff_id: staffId,
    user_id: auth.userId,
    entity: 'centre',
    entity_id: staffId,
    action: 'adopt',
    after: { email: auth.email },
  });
  return { id: staffId, message: MSG.idAdopted };
}
