import { MSG } from '../messages';
import { toMinutes } from './free-slots';

export interface DayHoursInput {
  start_time: string;
  end_time: string;
  breaks: { start_time: string; end_time: string }[];
}

/** A field of one day's hours: 'start_time', 'end_time', or 'break.<i>.start_time' / 'break.<i>.end_time'. */
export type DayHoursField = 'start_time' | 'end_time' | `break.${number}.${'start_time' | 'end_time'}`;

export interface DayHoursProblem {
  field: DayHoursField;
  message: string;
}

/**
 * Checks the hours of one day (weekday row or special day): both times or
 * neither (closed), start before end, every break complete and inside the
 * opening hours, breaks not overlapping. Returns the first problem with the
 * field it concerns (so the screen can mark it), or null. Server and screens share it.
 */
export function dayHoursProblem(day: DayHoursInput, options: { closedAllowed?: boolean } = {}): DayHoursProblem | null {
  const { closedAllowed = true } = options;
  const setBreaks = day.breaks.map((b, i) => ({ ...b, i })).filter((b) => b.start_time || b.end_time);
  const brk = (i: number, key: 'start_time' | 'end_time'): DayHoursField => `break.${i}.${key}`;
  if (!day.start_time && !day.end_time) {
    if (!closedAllowed) return { field: 'start_time', message: MSG.specialDayHoursRequired };
    const b = setBreaks[0];
    return b ? { field: brk(b.i, b.start_time ? 'start_time' : 'end_time'), message: MSG.breakWithoutHours } : null;
  }
  if (!day.start_time) return { field: 'start_time', message: MSG.hoursIncomplete };
  if (!day.end_time) return { field: 'end_time', message: MSG.hoursIncomplete };
  const start = toMinutes(day.start_time);
  const end = toMinutes(day.end_time);
  if (start === undefined) return { field: 'start_time', message: MSG.timeFormat };
  if (end === undefined) return { field: 'end_time', message: MSG.timeFormat };
  if (start >= end) return { field: 'end_time', message: MSG.startBeforeEnd };
  const intervals: { start: number; end: number; i: number }[] = [];
  for (const b of setBreaks) {
    if (!b.start_time) return { field: brk(b.i, 'start_time'), message: MSG.breakIncomplete };
    if (!b.end_time) return { field: brk(b.i, 'end_time'), message: MSG.breakIncomplete };
    const bs = toMinutes(b.start_time);
    const be = toMinutes(b.end_time);
    if (bs === undefined) return { field: brk(b.i, 'start_time'), message: MSG.timeFormat };
    if (be === undefined) return { field: brk(b.i, 'end_time'), message: MSG.timeFormat };
    if (bs >= be) return { field: brk(b.i, 'end_time'), message: MSG.startBeforeEnd };
    // a break that starts outside the hours is marked at its start, one that only ends outside at its end
    if (bs < start || bs >= end) return { field: brk(b.i, 'start_time'), message: MSG.breakOutsideHours };
    if (be > end) return { field: brk(b.i, 'end_time'), message: MSG.breakOutsideHours };
    intervals.push({ start: bs, end: be, i: b.i });
  }
  const [a, b] = intervals;
  if (a && b && a.start < b.end && b.start < a.end)
    return { field: brk(b.i, 'start_time'), message: MSG.breaksOverlap };
  return null;
}

/** The German message of dayHoursProblem, or null. */
export const dayHoursError = (day: DayHoursInput, options: { closedAllowed?: boolean } = {}): string | null =>
  dayHoursProblem(day, options)?.message ?? null;
