import { isPlatformAdmin } from '@tz/shared/constants';
import { requiredForPlatformFrom, SECURITY_MSG } from '@tz/shared/messages';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import { nowMs } from '../../clock';
import type { DbOrTx } from '../../db/client';
import * as repo from './two-factor.repository';

/** The platform's dates are days in Berlin (the platform has no centre zone of its own). */
export const PLATFORM_ZONE = 'Europe/Berlin';

export interface Requirement {
  /** The user may not sign in without it (and may not turn it off). */
  required: boolean;
  /** Why it is, or from when it will be, required; null when nothing asks for it. */
  reason: string | null;
}

/**
 * Who must use a second factor: every user of a centre that requires it, and platform admins (role ≤ 10)
 * once the platform's date has come. Without a platform date (only databases main.ts never started, such
 * as the API tests' own) nothing is required of platform admins.
 */
export async function requirementOf(db: DbOrTx, user: { role_id: number; staff_id: number }): Promise<Requirement> {
  if ((await repo.centreOf(db, user.staff_id))?.two_factor_required) {
    return { required: true, reason: SECURITY_MSG.requiredByCentre };
  }
  if (isPlatformAdmin(user.role_id)) {
    const from = await repo.platformAdminTotpFrom(db);
    if (from) {
      return { required: nowMs() >= from.getTime(), reason: requiredForPlatformFrom(dateInZone(from, PLATFORM_ZONE)) };
    }
  }
  return { required: false, reason: null };
}

/** What a right password leads to: the code (second factor on), its set-up (required, not on), or nothing. */
export async function secondFactorStage(
  deps: Pick<AppDeps, 'db'>,
  user: { id: number; role_id: number; staff_id: number },
): Promise<'totp' | 'totp_setup' | null> {
  const totp = await repo.findTotp(deps.db, user.id);
  if (totp?.confirmed_at) return 'totp';
  return (await requirementOf(deps.db, user)).required ? 'totp_setup' : null;
}
