import { randomBytes } from 'node:crypto';
import type { TestCentres } from '@tz/shared/testing/testing.contract';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { now, setClock } from '../../clock';
import { mailOutbox } from '../../db/schema/mail';
import { DEMO_FORM_TOKENS } from '../../demo/forms.demo';
import { demoEmail, demoToken } from '../../demo/foundation.demo';
import { DEMO_OEGD_TOKEN, DEMO_POSITIVE_TOKEN } from '../../demo/receipts.demo';
import { ensurePlatformBasics, seedDemoCentres } from '../../demo/seed';

export function setServerClock(deps: AppDeps, at: Date) {
  setClock(at);
  // Cached sessions were checked against the old time.
  deps.sessions.clear();
  return { now: now().toISOString() };
}

/**
 * A new set of demo centres (test centre, vaccination centre) with logins of
 * their own, seeded around the server's current time. Each e2e test makes one,
 * so no test sees another's changes.
 */
export async function createCentres(deps: AppDeps): Promise<TestCentres> {
  const tag = `t${randomBytes(5).toString('hex')}`;
  const at = now();
  const ids = await deps.db.transaction(async (tx) => {
    await ensurePlatformBasics(tx, at);
    return seedDemoCentres(tx, tag, at);
  });
  return {
    tag,
    now: at.toISOString(),
    test_centre_id: ids.testCentreId,
    vaccination_centre_id: ids.vaccinationCentreId,
    inactive_centre_id: ids.inactiveCentreId,
    logins: {
      platform: demoEmail('plattform', tag),
      admin: demoEmail('admin', tag),
      manager: demoEmail('leitung', tag),
      staff: demoEmail('mitarbeiter', tag),
      vaccination_admin: demoEmail('impf-admin', tag),
      pharmacy: demoEmail('apotheke', tag),
    },
    tokens: {
      oegd: demoToken(DEMO_OEGD_TOKEN, tag),
      positive: demoToken(DEMO_POSITIVE_TOKEN, tag),
      form_open: demoToken(DEMO_FORM_TOKENS.open, tag),
      form_with_warnings: demoToken(DEMO_FORM_TOKENS.withWarnings, tag),
      form_vaccination: demoToken(DEMO_FORM_TOKENS.vaccination, tag),
    },
  };
}

/** The mails of one centre in the outbox, oldest first (e2e tests open the links in them). */
export async function centreMails(deps: AppDeps, staffId: number) {
  return deps.db
    .select({ kind: mailOutbox.kind, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.staff_id, staffId))
    .orderBy(asc(mailOutbox.id));
}
