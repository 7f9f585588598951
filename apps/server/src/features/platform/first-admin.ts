import { MIN_PASSWORD_LENGTH, ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { lte, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';

/**
 * The first-run path of a production installation (no demo data): `npm run platform-admin` creates the
 * platform's own centre and its first platform admin, who then creates and activates the centres on
 * the "Centerliste". Refused once a platform admin exists (further ones come through the user screens).
 */
export async function createFirstPlatformAdmin(
  db: Db,
  input: { email: string; name: string; password: string; platformName: string },
): Promise<{ staffId: number; userId: number }> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw AppError.badRequest(MSG.emailInvalid);
  if (input.password.length < MIN_PASSWORD_LENGTH) throw AppError.badRequest(MSG.passwordTooShort);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Two parallel first runs: the second waits here and then finds the first one's admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tz-first-platform-admin'))`);
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(lte(users.role_id, ROLE.platformAdmin))
      .limit(1);
    if (existing.length) {
      throw AppError.conflict('Es gibt bereits einen Plattform-Administrator; weitere legt er in der Anwendung an.');
    }
    const [centre] = await tx
      .insert(centres)
      .values({ full_name: input.platformName, email, testcenter: true })
      .returning({ id: centres.id });
    const [user] = await tx
      .insert(users)
      .values({
        staff_id: centre!.id,
        name: input.name,
        email,
        password_hash: passwordHash,
        role_id: ROLE.platformAdmin,
      })
      .returning({ id: users.id });
    await writeAudit(tx, {
      staff_id: centre!.id,
      user_id: null,
      entity: 'user',
      entity_id: user!.id,
      action: 'create',
      after: { role_id: ROLE.platformAdmin, email },
    });
    return { staffId: centre!.id, userId: user!.id };
  });
}
