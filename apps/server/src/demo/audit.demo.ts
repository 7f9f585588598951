import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appointments, paymentClassifications } from '../db/schema/appointments';
import { centres } from '../db/schema/centres';
import { users } from '../db/schema/users';
import { writeAudit } from '../features/audit/audit.repository';
import { type DemoIds, demoEmail } from './foundation.demo';

/**
 * The audit trail of the demo (issue 21): a few changes of the last days by
 * the demo's administrator, so 'Protokoll' and an appointment's 'Verlauf'
 * show something; plus a deactivated centre for the platform's centre list.
 */
export async function seedAuditDemo(tx: DbOrTx, ids: DemoIds, at: Date) {
  const [admin] = await tx
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('admin', ids.tag)));
  const [staff] = await tx
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('mitarbeiter', ids.tag)));
  const [appointment] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.staff_id, ids.testCentreId), isNotNull(appointments.customer_id)))
    .orderBy(asc(appointments.id))
    .limit(1);
  const [classification] = await tx
    .select({ id: paymentClassifications.id })
    .from(paymentClassifications)
    .orderBy(asc(paymentClassifications.id))
    .limit(1);
  if (admin && staff && appointment) {
    const base = {
      staff_id: ids.testCentreId,
      user_id: admin.id,
      entity: 'appointment' as const,
      entity_id: appointment.id,
    };
    await writeAudit(tx, { ...base, action: 'check_in', before: { checked_in: 0 }, after: { checked_in: 1 } });
    if (classification) {
      await writeAudit(tx, {
        ...base,
        action: 'payment_classification',
        before: { payment_class_id: null, classification_checked_by: null },
        after: { payment_class_id: classification.id, classification_checked_by: null },
      });
    }
    await writeAudit(tx, {
      ...base,
      action: 'result',
      before: { res_detected: null, res_date: null },
      after: { res_detected: 1, res_date: at.toISOString() },
    });
    await writeAudit(tx, {
      staff_id: ids.testCentreId,
      user_id: admin.id,
      entity: 'user',
      entity_id: staff.id,
      action: 'role_change',
      before: { role_id: 25 },
      after: { role_id: 30 },
    });
  }
  await tx.insert(centres).values({
    full_name: 'Testzentrum Altstadt (deaktiviert)',
    city: 'Altstadt',
    tz_city: 'Altstadt',
    email: demoEmail('altstadt', ids.tag),
    testcenter: true,
    deactivated_at: at,
  });
}
