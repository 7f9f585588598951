import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { specialDays } from '../../db/schema/schedule';

export async function findCentreStatus(db: DbOrTx, staffId: number) {
  const rows = await db
    .select({ status: centres.status, pause_date: centres.pause_date, time_zone: centres.time_zone })
    .from(centres)
    .where(eq(centres.id, staffId))
    .limit(1);
  return rows[0];
}

export async function updateCentreStatus(
  db: DbOrTx,
  staffId: number,
  patch: { status?: string; pause_date?: string | null },
) {
  await db.update(centres).set(patch).where(eq(centres.id, staffId));
}

/** Deletes the centre's special days with from <= date < from + days; returns how many. */
export async function deleteSpecialDaysFrom(db: DbOrTx, staffId: number, from: string, days: number) {
  const rows = await db
    .delete(specialDays)
    .where(
      and(
        eq(specialDays.staff_id, staffId),
        gte(specialDays.date, from),
        lt(specialDays.date, sql`(${from}::date + ${days}::int)`),
      ),
    )
    .returning({ id: specialDays.id });
  return rows.length;
}
