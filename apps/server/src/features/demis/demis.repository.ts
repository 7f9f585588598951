import { and, eq, inArray, lt } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { demisReports } from '../../db/schema/demis';

export async function activeReport(db: DbOrTx, appointmentId: number) {
  const rows = await db
    .select({ id: demisReports.id, status: demisReports.status, created_at: demisReports.created_at })
    .from(demisReports)
    .where(and(eq(demisReports.appointment_id, appointmentId), inArray(demisReports.status, ['pending', 'success'])));
  return rows[0];
}

/** A pending report older than this was interrupted (crash, restart): it no longer blocks. */
export async function abandonStalePending(db: DbOrTx, appointmentId: number, olderThan: Date) {
  await db
    .update(demisReports)
    .set({ status: 'error', error: 'Abgebrochen (keine Antwort erhalten)', finished_at: now() })
    .where(
      and(
        eq(demisReports.appointment_id, appointmentId),
        eq(demisReports.status, 'pending'),
        lt(demisReports.created_at, olderThan),
      ),
    );
}

export async function insertPending(db: DbOrTx, r: typeof demisReports.$inferInsert) {
  const [row] = await db.insert(demisReports).values(r).returning({ id: demisReports.id });
  return row!.id;
}

export async function finishReport(
  db: DbOrTx,
  id: number,
  r: {
    status: 'success' | 'error';
    http_status: number;
    response?: unknown;
    receipt_pdf?: string;
    error?: string;
    warnings?: unknown[];
  },
) {
  await db
    .update(demisReports)
    .set({
      status: r.status,
      http_status: r.http_status,
      response: r.response ?? null,
      receipt_pdf: r.receipt_pdf ?? null,
      error: r.error ?? null,
      warnings: r.warnings?.length ? r.warnings : null,
      finished_at: now(),
    })
    .where(eq(demisReports.id, id));
}

export async function setDemisStatus(db: DbOrTx, appointmentId: number, status: string) {
  await db
    .update(appointments)
    .set({ demis_status: status, updated_at: now() })
    .where(eq(appointments.id, appointmentId));
}

export async function findReport(db: DbOrTx, id: number) {
  const rows = await db.select().from(demisReports).where(eq(demisReports.id, id));
  return rows[0];
}
