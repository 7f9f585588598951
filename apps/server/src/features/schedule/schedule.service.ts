import { WEEKDAYS } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { dayHoursError } from '@tz/shared/rules/opening-hours';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { ScheduleItem, ScheduleItemInput, SpecialDayInput } from '@tz/shared/schedule/schedule.contract';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as repo from './schedule.repository';

const EMPTY_BREAK = { id: null, start_time: '', end_time: '' };

async function today(db: DbOrTx, staffId: number) {
  return dateInZone(now(), await repo.centreTimeZone(db, staffId));
}

/** Stored weekdays, each with exactly two breaks (empty ones blank). */
export async function scheduleItems(db: DbOrTx, staffId: number): Promise<ScheduleItem[]> {
  const { items, breaks } = await repo.listScheduleItems(db, staffId);
  return items.map((item) => {
    const own = breaks
      .filter((b) => b.schedule_item_id === item.id)
      .map((b) => ({ id: b.id, start_time: b.start_time, end_time: b.end_time }));
    return {
      id: item.id,
      day_index: item.day_index,
      start_time: item.start_time,
      end_time: item.end_time,
      break: [own[0] ?? EMPTY_BREAK, own[1] ?? EMPTY_BREAK],
    };
  });
}

/** Saves the week: a day with empty times is closed (its row goes). All or nothing. */
export async function updateSchedule(db: DbOrTx, staffId: number, items: ScheduleItemInput[]) {
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.day_index)) throw AppError.badRequest(MSG.dayTwice, { day_index: item.day_index }, 'DAY_TWICE');
    seen.add(item.day_index);
    const error = dayHoursError({ start_time: item.start_time, end_time: item.end_time, breaks: item.break });
    if (error) {
      throw AppError.badRequest(`${WEEKDAYS[item.day_index]}: ${error}`, { day_index: item.day_index }, 'SCHEDULE');
    }
  }
  await db.transaction(async (tx) => {
    await repo.deleteScheduleDays(
      tx,
      staffId,
      items.filter((i) => !i.start_time).map((i) => i.day_index),
    );
    for (const item of items.filter((i) => i.start_time)) {
      await repo.upsertScheduleDay(tx, staffId, {
        day_index: item.day_index,
        start_time: item.start_time,
        end_time: item.end_time,
        breaks: item.break.filter((b) => b.start_time && b.end_time),
      });
    }
  });
  return { message: MSG.scheduleSaved };
}

export async function specialDays(db: DbOrTx, staffId: number) {
  return repo.listSpecialDays(db, staffId, await today(db, staffId));
}

/** Up to five rows at once; rows without a date are ignored. */
export async function createSpecialDays(db: DbOrTx, staffId: number, rows: SpecialDayInput[]) {
  const filled = rows.filter((r): r is SpecialDayInput & { date: string } => !!r.date);
  if (filled.length === 0) throw AppError.badRequest(MSG.noDates, undefined, 'NO_DATES');
  const first = await today(db, staffId);
  const seen = new Set<string>();
  for (const r of filled) {
    const label = germanDate(r.date);
    if (seen.has(r.date)) throw AppError.badRequest(`${label}: ${MSG.dateTwice}`, { date: r.date }, 'DATE_TWICE');
    seen.add(r.date);
    if (r.date < first) throw AppError.badRequest(`${label}: ${MSG.dateInPast}`, { date: r.date }, 'DATE_IN_PAST');
    const error = dayHoursError(
      {
        start_time: r.start_time,
        end_time: r.end_time,
        breaks: [
          { start_time: r.break_start_time, end_time: r.break_end_time },
          { start_time: r.break_start_time2, end_time: r.break_end_time2 },
        ],
      },
      { closedAllowed: false },
    );
    if (error) throw AppError.badRequest(`${label}: ${error}`, { date: r.date }, 'SPECIAL_DAY');
  }
  await db.transaction((tx) =>
    repo.upsertSpecialDays(
      tx,
      staffId,
      filled.map((r) => ({
        date: r.date,
        start_time: r.start_time,
        end_time: r.end_time,
        break_start_time: r.break_start_time,
        break_end_time: r.break_end_time,
        break_start_time2: r.break_start_time2,
        break_end_time2: r.break_end_time2,
      })),
    ),
  );
  return { message: MSG.daysSaved };
}

export async function deleteSpecialDay(db: DbOrTx, staffId: number, id: number) {
  if (!(await repo.deleteSpecialDay(db, staffId, id))) {
    throw AppError.notFound(MSG.specialDayNotFound, 'SPECIAL_DAY_NOT_FOUND');
  }
  // The spec's success text for this deletion (configuration-admin §8).
  return { message: MSG.holidayDeleted };
}

export async function holidays(db: DbOrTx, staffId: number) {
  return repo.listHolidays(db, staffId, await today(db, staffId));
}

/** The form sends five dates; empty ones are ignored, a date already entered stays once. */
export async function updateHolidays(db: DbOrTx, staffId: number, dates: (string | null)[]) {
  const filled = [...new Set(dates.filter((d): d is string => !!d))];
  if (filled.length === 0) throw AppError.badRequest(MSG.noDates, undefined, 'NO_DATES');
  const first = await today(db, staffId);
  const past = filled.find((d) => d < first);
  if (past) {
    throw AppError.badRequest(`${germanDate(past)}: ${MSG.dateInPast}`, { date: past }, 'DATE_IN_PAST');
  }
  await db.transaction((tx) => repo.insertHolidays(tx, staffId, filled));
  return { message: MSG.holidaysUpdated };
}

export async function deleteHoliday(db: DbOrTx, staffId: number, id: number) {
  if (!(await repo.deleteHoliday(db, staffId, id))) throw AppError.notFound(MSG.holidayNotFound, 'HOLIDAY_NOT_FOUND');
  return { message: MSG.holidayDeleted };
}
