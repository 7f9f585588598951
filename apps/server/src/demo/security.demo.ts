import type { DbOrTx } from '../db/client';
import { setPlatformAdminTotpFrom } from '../features/auth/two-factor.repository';

/** The demo's platform admin signs in with the password alone for a year after the first start. */
export const DEMO_PLATFORM_GRACE_DAYS = 365;

export async function seedSecurityDemo(tx: DbOrTx, at: Date) {
  await setPlatformAdminTotpFrom(tx, new Date(at.getTime() + DEMO_PLATFORM_GRACE_DAYS * 86_400_000), null);
}
