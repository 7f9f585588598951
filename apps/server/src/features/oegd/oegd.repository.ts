import { and, eq } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { oegdForms } from '../../db/schema/oegd';

export async function findForm(db: DbOrTx, appointmentId: number) {
  const rows = await db.select().from(oegdForms).where(eq(oegdForms.appointment_id, appointmentId));
  return rows[0];
}

export async function upsertForm(db: DbOrTx, row: typeof oegdForms.$inferInsert) {
  const { appointment_id, ...rest } = row;
  await db
    .insert(oegdForms)
    .values(row)
    .onConflictDoUpdate({ target: oegdForms.appointment_id, set: { ...rest, updated_at: now() } });
}

export async function findCustomerGender(db: DbOrTx, staffId: number, customerId: number) {
  const rows = await db
    .select({ id: customers.id, gender: customers.gender })
    .from(customers)
    .where(and(eq(customers.staff_id, staffId), eq(customers.id, customerId)))
    .for('update');
  return rows[0];
}

export async function setCustomerGender(db: DbOrTx, customerId: number, gender: number) {
  await db.update(customers).set({ gender }).where(eq(customers.id, customerId));
}
