import { type AnyColumn, and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { holidays, scheduleBreaks, scheduleItems, specialDays } from '../../db/schema/schedule';
import { shapedSql } from '../../db/shaped-sql';

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

const p = sql.placeholder;

/** A weekday's stored hours with its own breaks in position order. */
export type WeekdayHours = Omit<typeof scheduleItems.$inferSelect, 'staff_id'> & {
  breaks: Pick<typeof scheduleBreaks.$inferSelect, 'id' | 'start_time' | 'end_time'>[];
};

/** What the free-slot rule needs of one service's local date at a centre (dayInputRow). */
export interface DayInputRow {
  weekly: WeekdayHours[];
  /** The date's deviating hours, if it has any. */
  special_day: Omit<typeof specialDays.$inferSelect, 'id' | 'staff_id'> | null;
  holiday: boolean;
  /**
   * What occupies places that day: appointments of the service and blocked
   * slots of any service (cancelled ones do not count), as local times, one
   * row per time span with the places taken (an appointment its persons, a
   * blocked slot one). Summed by the database: a busy day has a thousand
   * appointments but some hundred spans.
   */
  occupations: { start_time: string; end_time: string; persons: number; blocked: boolean }[];
}

/**
 * Everything of dayInputRow in one statement, prepared once (shapedSql): the
 * booking page asks for the free times of the same day again and again, and
 * its five queries built by Drizzle cost the server 1 ms of CPU per call, a
 * third of the call (profile, docs/performance.md); customers browsing slowed
 * the staff's list down (bench: customers browsing while staff work).
 */
const dayInputQuery = shapedSql<{
  staffId: number;
  serviceId: number;
  date: string;
  timeZone: string;
  exceptIds: number[];
}>({
  shape: () => 'day',
  values: (a) => a,
  build: () => {
    const local = (col: AnyColumn) => sql`to_char(timezone(${p('timeZone')}::text, ${col}), 'HH24:MI')`;
    const breaks = sql`(select coalesce(json_agg(json_build_object('id', ${scheduleBreaks.id}, 'start_time', ${scheduleBreaks.start_time}, 'end_time', ${scheduleBreaks.end_time}) order by ${scheduleBreaks.position}), '[]'::json)
      from ${scheduleBreaks} where ${scheduleBreaks.schedule_item_id} = ${scheduleItems.id})`;
    const weekly = sql`(select coalesce(json_agg(json_build_object('id', ${scheduleItems.id}, 'day_index', ${scheduleItems.day_index},
        'start_time', ${scheduleItems.start_time}, 'end_time', ${scheduleItems.end_time}, 'breaks', ${breaks}) order by ${scheduleItems.day_index}), '[]'::json)
      from ${scheduleItems} where ${scheduleItems.staff_id} = ${p('staffId')})`;
    const specialDay = sql`(select json_build_object('date', ${specialDays.date}, 'start_time', ${specialDays.start_time}, 'end_time', ${specialDays.end_time},
        'break_start_time', ${specialDays.break_start_time}, 'break_end_time', ${specialDays.break_end_time},
        'break_start_time2', ${specialDays.break_start_time2}, 'break_end_time2', ${specialDays.break_end_time2})
      from ${specialDays} where ${specialDays.staff_id} = ${p('staffId')} and ${specialDays.date} = ${p('date')}::date)`;
    const holiday = sql`exists (select 1 from ${holidays} where ${holidays.staff_id} = ${p('staffId')} and ${holidays.date} = ${p('date')}::date)`;
    // The day's bounds in the centre's zone, so the (staff_id, start_date) index answers: a condition on
    // timezone(…, start_date)::date read every appointment of the centre (1,000,000: 320 ms a call).
    // Grouped by position: the time expressions carry the zone as a parameter, which makes a repeated
    // expression a different one.
    const spans = sql`select ${local(appointments.start_date)} as start_time, ${local(appointments.end_date)} as end_time,
        sum(case when ${appointments.should_block_slot} then 1 else greatest(${appointments.number_of_persons}, 0) end)::int as persons,
        ${appointments.should_block_slot} as blocked
      from ${appointments}
      where ${appointments.staff_id} = ${p('staffId')}
        and ${appointments.start_date} >= (${p('date')}::date)::timestamp at time zone ${p('timeZone')}::text
        and ${appointments.start_date} < (${p('date')}::date + 1)::timestamp at time zone ${p('timeZone')}::text
        and ${appointments.status} <> 'cancelled'
        and (${appointments.service_id} = ${p('serviceId')} or ${appointments.should_block_slot})
        and not (${appointments.id} = any(${p('exceptIds')}::int[]))
      group by 1, 2, 4`;
    const occupations = sql`(select coalesce(json_agg(json_build_object('start_time', o.start_time, 'end_time', o.end_time,
        'persons', o.persons, 'blocked', o.blocked) order by o.start_time, o.end_time, o.blocked), '[]'::json) from (${spans}) o)`;
    return sql`select ${weekly} as weekly, ${specialDay} as special_day, ${holiday} as holiday, ${occupations} as occupations`;
  },
});

/** The free-slot rule's input of one service's local date at a centre, leaving out `exceptIds` (rows being moved). */
export async function dayInputRow(
  db: DbOrTx,
  a: { staffId: number; serviceId: number; date: string; timeZone: string; exceptIds: number[] },
): Promise<DayInputRow> {
  const [row] = await dayInputQuery.rows<DayInputRow>(db, a);
  return row!;
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
