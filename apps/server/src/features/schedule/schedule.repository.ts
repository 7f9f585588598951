import { type AnyColumn, and, asc, eq, gte, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { holidays, scheduleBreaks, scheduleItems, specialDays } from '../../db/schema/schedule';

export async function centreTimeZone(db: DbOrTx, staffId: number) {
  const rows = await db.select({ time_zone: centres.time_zone }).from(centres).where(eq(centres.id, staffId));
  return rows[0]?.time_zone ?? 'Europe/Berlin';
}

export async function listScheduleItems(db: DbOrTx, staffId: number) {
  const items = await db
    .select()
    .from(scheduleItems)
    .where(eq(scheduleItems.staff_id, staffId))
    .orderBy(asc(scheduleItems.day_index));
  const breaks = await db
    .select()
    .from(scheduleBreaks)
    .where(eq(scheduleBreaks.staff_id, staffId))
    .orderBy(asc(scheduleBreaks.position));
  return { items, breaks };
}

export async function deleteScheduleDays(db: DbOrTx, staffId: number, dayIndexes: number[]) {
  if (dayIndexes.length === 0) return;
  await db
    .delete(scheduleItems)
    .where(and(eq(scheduleItems.staff_id, staffId), inArray(scheduleItems.day_index, dayIndexes)));
}

/** Writes one weekday with its breaks (replacing what was there). */
export async function upsertScheduleDay(
  db: DbOrTx,
  staffId: number,
  day: { day_index: number; start_time: string; end_time: string; breaks: { start_time: string; end_time: string }[] },
) {
  const [item] = await db
    .insert(scheduleItems)
    .values({ staff_id: staffId, day_index: day.day_index, start_time: day.start_time, end_time: day.end_time })
    .onConflictDoUpdate({
      target: [scheduleItems.staff_id, scheduleItems.day_index],
      set: { start_time: day.start_time, end_time: day.end_time },
    })
    .returning({ id: scheduleItems.id });
  await db.delete(scheduleBreaks).where(eq(scheduleBreaks.schedule_item_id, item!.id));
  if (day.breaks.length > 0) {
    await db.insert(scheduleBreaks).values(
      day.breaks.map((b, i) => ({
        staff_id: staffId,
        schedule_item_id: item!.id,
        position: i + 1,
        start_time: b.start_time,
        end_time: b.end_time,
      })),
    );
  }
}

export async function listSpecialDays(db: DbOrTx, staffId: number, fromDate: string) {
  return db
    .select()
    .from(specialDays)
    .where(and(eq(specialDays.staff_id, staffId), gte(specialDays.date, fromDate)))
    .orderBy(asc(specialDays.date));
}

export type SpecialDayRow = Omit<typeof specialDays.$inferInsert, 'id' | 'staff_id'>;

/** A date that already has deviating hours gets the new ones. */
export async function upsertSpecialDays(db: DbOrTx, staffId: number, rows: SpecialDayRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(specialDays)
    .values(rows.map((r) => ({ ...r, staff_id: staffId })))
    .onConflictDoUpdate({
      target: [specialDays.staff_id, specialDays.date],
      set: {
        start_time: sql`excluded.start_time`,
        end_time: sql`excluded.end_time`,
        break_start_time: sql`excluded.break_start_time`,
        break_end_time: sql`excluded.break_end_time`,
        break_start_time2: sql`excluded.break_start_time2`,
        break_end_time2: sql`excluded.break_end_time2`,
      },
    });
}

export async function deleteSpecialDay(db: DbOrTx, staffId: number, id: number) {
  const rows = await db
    .delete(specialDays)
    .where(and(eq(specialDays.staff_id, staffId), eq(specialDays.id, id)))
    .returning({ id: specialDays.id });
  return rows.length > 0;
}

export async function listHolidays(db: DbOrTx, staffId: number, fromDate: string) {
  return db
    .select({ id: holidays.id, date: holidays.date })
    .from(holidays)
    .where(and(eq(holidays.staff_id, staffId), gte(holidays.date, fromDate)))
    .orderBy(asc(holidays.date));
}

export async function insertHolidays(db: DbOrTx, staffId: number, dates: string[]) {
  if (dates.length === 0) return;
  await db
    .insert(holidays)
    .values(dates.map((date) => ({ staff_id: staffId, date })))
    .onConflictDoNothing();
}

export async function deleteHoliday(db: DbOrTx, staffId: number, id: number) {
  const rows = await db
    .delete(holidays)
    .where(and(eq(holidays.staff_id, staffId), eq(holidays.id, id)))
    .returning({ id: holidays.id });
  return rows.length > 0;
}

/**
 * What occupies places on a local date: appointments of the service and
 * blocked slots of any service (cancelled ones do not count), as local times,
 * one row per time span with the places taken (an appointment its persons, a
 * blocked slot one). Summed by the database: a busy day has a thousand
 * appointments but some hundred spans, and the booking page asks for the
 * free times of the same day again and again (bench: customers browsing
 * while staff work). `exceptIds` leaves out rows being moved (editing an
 * appointment).
 */
export async function occupationsOfDay(
  db: DbOrTx,
  staffId: number,
  serviceId: number,
  date: string,
  timeZone: string,
  exceptIds: number[] = [],
) {
  const local = (col: AnyColumn) => sql<string>`to_char(timezone(${timeZone}, ${col}), 'HH24:MI')`;
  return (
    db
      .select({
        start_time: local(appointments.start_date),
        end_time: local(appointments.end_date),
        persons: sql<number>`sum(case when ${appointments.should_block_slot} then 1 else greatest(${appointments.number_of_persons}, 0) end)::int`,
        blocked: appointments.should_block_slot,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.staff_id, staffId),
          // The day's bounds in the centre's zone, so the (staff_id, start_date) index answers: a condition on
          // timezone(…, start_date)::date read every appointment of the centre (1,000,000: 320 ms a call).
          sql`${appointments.start_date} >= (${date}::date)::timestamp at time zone ${timeZone}`,
          sql`${appointments.start_date} < (${date}::date + 1)::timestamp at time zone ${timeZone}`,
          sql`${appointments.status} <> 'cancelled'`,
          or(eq(appointments.service_id, serviceId), eq(appointments.should_block_slot, true)),
          exceptIds.length ? notInArray(appointments.id, exceptIds) : undefined,
        ),
      )
      // By position: the time expressions carry the zone as a parameter, which makes a repeated expression a different one.
      .groupBy(sql`1, 2, 4`)
  );
}

/**
 * Serialises bookings of one centre: every transaction that checks free
 * places and then books (staff and booking page alike) takes this row lock
 * first, so two of them cannot both take the last place. The centre row, not
 * the service's: blocked slots of any service take places of every service.
 * FOR NO KEY UPDATE does not block inserts that reference the centre.
 */
export async function lockCentreSlots(db: DbOrTx, staffId: number) {
  await db.select({ id: centres.id }).from(centres).where(eq(centres.id, staffId)).for('no key update');
}
