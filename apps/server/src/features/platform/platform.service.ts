import { APP_VERSION, ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { testCentreUserSchema } from '@tz/shared/platform/platform.contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { hashPassword } from '../../auth/passwords';
import { AppError } from '../../http/app-error';
import { parseHost } from '../../http/host-check';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './platform.repository';

/** `hostHeader`: the request's Host (with port), parsed strictly. */
export async function hostBranding(deps: AppDeps, hostHeader: string) {
  const host = parseHost(hostHeader);
  if (!host) throw new AppError(400, 'NT', MSG.unknownHost);
  const own = await repo.findHost(deps.db, host);
  if (own) return own;
  // Hosts allowed by configuration only get the default branding.
  const fallback = deps.config.allowedHosts.includes(host) ? await repo.findHost(deps.db, 'localhost') : undefined;
  if (!fallback) throw new AppError(400, 'NT', MSG.unknownHost);
  return { ...fallback, host };
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
  if (!centre) throw AppError.notFound('Dieses Testzentrum gibt es nicht.');
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
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
