import { eq, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { receipts } from '../../db/schema/receipts';

export async function findReceipt(db: DbOrTx, appointmentId: number) {
  const rows = await db.select().from(receipts).where(eq(receipts.appointment_id, appointmentId));
  return rows[0];
}
export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * The next receipt number of a centre. The upsert takes a row lock on the
 * counter, so parallel transactions get consecutive, distinct numbers.
 */
export async function allocateReceiptNumber(tx: DbOrTx, staffId: number): Promise<number> {
  const res = await tx.execute(sql`
    insert into receipt_counters (staff_id, last_number) values (${staffId}, 1)
    on conflict (staff_id) do update set last_number = receipt_counters.last_number + 1
    returning last_number`);
  const row = (res as unknown as { rows: { last_number: number }[] }).rows[0];
  return Number(row!.last_number);
}

export async function insertReceipt(tx: DbOrTx, r: typeof receipts.$inferInsert) {
  const [row] = await tx.insert(receipts).values(r).returning();
  return row!;
}

export async function markReceiptSent(tx: DbOrTx, id: number, email: string) {
  await tx.update(receipts).set({ last_sent_to: email, last_sent_at: now() }).where(eq(receipts.id, id));
}
