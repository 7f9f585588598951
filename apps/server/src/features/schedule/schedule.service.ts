import { WEEKDAYS } from '@tz/shared/constants';
import { type FieldError, fieldPath, joinMessages } from '@tz/shared/http/field-errors';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { type DayHoursField, dayHoursProblem } from '@tz/shared/rules/opening-hours';
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

/** A stored weekday with exactly two breaks (empty ones blank), its own breaks in position order. */
export function withBreaks(item: repo.WeekdayHours): ScheduleItem {
  return {
    id: item.id,
    day_index: item.day_index,
    start_time: item.start_time,
    end_time: item.end_time,
    break: [item.breaks[0] ?? EMPTY_BREAK, item.breaks[1] ?? EMPTY_BREAK],
  };
}

/** Stored weekdays, each with exactly two breaks (empty ones blank). */
export async function scheduleItems(db: DbOrTx, staffId: number): Promise<ScheduleItem[]> {
  const { items, breaks } = await repo.listScheduleItems(db, staffId);
  return items.map((item) =>
    withBreaks({
      ...item,
      breaks: breaks
        .filter((b) => b.schedule_item_id === item.id)
        .map((b) => ({ id: b.id, start_time: b.start_time, end_time: b.end_time })),
    }),
  );
}

/**
 * A refused request with one entry per failing field (path in the request
 * body); the message names each weekday or date, never a path.
 */
function refuse(code: string, problems: (FieldError & { label: string })[]) {
  return AppError.badRequest(
    joinMessages(problems.map((p) => (p.label ? `${p.label}: ${p.message}` : p.message))),
    problems.map(({ field, message }) => ({ field, message })),
    code,
  );
}

/** Saves the week: a day with empty times is closed (its row goes). All or nothing. */
export async function updateSchedule(db: DbOrTx, staffId: number, items: ScheduleItemInput[]) {
  const seen = new Set<number>();
  const problems: (FieldError & { label: string })[] = [];
  items.forEach((item, i) => {
    const label = WEEKDAYS[item.day_index] ?? '';
    if (seen.has(item.day_index)) {
      problems.push({ field: fieldPath('schedule_items', i, 'day_index'), message: MSG.dayTwice, label });
    }
    seen.add(item.day_index);
    const problem = dayHoursProblem({ start_time: item.start_time, end_time: item.end_time, breaks: item.break });
    if (problem)
      problems.push({ field: fieldPath('schedule_items', i, problem.field), message: problem.message, label });
  });
  if (problems.some((p) => p.message === MSG.dayTwice)) throw refuse('DAY_TWICE', problems);
  if (problems.length) throw refuse('SCHEDULE', problems);
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

/** A special day's field of dayHoursProblem: its breaks are flat fields (break_start_time … break_end_time2). */
const SPECIAL_DAY_FIELDS: Record<DayHoursField, keyof SpecialDayInput> = {
  start_time: 'start_time',
  end_time: 'end_time',
  'break.0.start_time': 'break_start_time',
  'break.0.end_time': 'break_end_time',
  'break.1.start_time': 'break_start_time2',
  'break.1.end_time': 'break_end_time2',
};

/** Up to five rows at once; rows without a date are ignored. All or nothing. */
export async function createSpecialDays(db: DbOrTx, staffId: number, rows: SpecialDayInput[]) {
  const filled = rows
    .map((r, i) => ({ ...r, i }))
    .filter((r): r is SpecialDayInput & { date: string; i: number } => !!r.date);
  if (filled.length === 0) {
    throw refuse('NO_DATES', [{ field: fieldPath('special_days', 0, 'date'), message: MSG.noDates, label: '' }]);
  }
  const first = await today(db, staffId);
  const seen = new Set<string>();
  const problems: (FieldError & { label: string; code: string })[] = [];
  for (const r of filled) {
    const label = germanDate(r.date);
    const at = (field: string) => fieldPath('special_days', r.i, field);
    if (seen.has(r.date)) problems.push({ field: at('date'), message: MSG.dateTwice, label, code: 'DATE_TWICE' });
    seen.add(r.date);
    if (r.date < first) problems.push({ field: at('date'), message: MSG.dateInPast, label, code: 'DATE_IN_PAST' });
    const problem = dayHoursProblem(
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
    if (problem) {
      problems.push({
        field: at(SPECIAL_DAY_FIELDS[problem.field] ?? 'start_time'),
        message: problem.message,
        label,
        code: 'SPECIAL_DAY',
      });
    }
  }
  if (problems.length) throw refuse(problems[0]!.code, problems);
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
  if (filled.length === 0) {
    throw refuse('NO_DATES', [{ field: fieldPath('date', 0), message: MSG.noDates, label: '' }]);
  }
  const first = await today(db, staffId);
  const past = dates.flatMap((d, i) =>
    d && d < first ? [{ field: fieldPath('date', i), message: MSG.dateInPast, label: germanDate(d) }] : [],
  );
  if (past.length) throw refuse('DATE_IN_PAST', past);
  await db.transaction((tx) => repo.insertHolidays(tx, staffId, filled));
  return { message: MSG.holidaysUpdated };
}

export async function deleteHoliday(db: DbOrTx, staffId: number, id: number) {
  if (!(await repo.deleteHoliday(db, staffId, id))) throw AppError.notFound(MSG.holidayNotFound, 'HOLIDAY_NOT_FOUND');
  return { message: MSG.holidayDeleted };
}
