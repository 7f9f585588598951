import { MSG } from '../messages';
import { toMinutes } from './free-slots';

export interface DayHoursInput {
  start_time: string;
  end_time: string;
  breaks: { start_time: string; end_time: string }[];
}

/**
 * Checks the hours of one day (weekday row or special day): both times or
 * neither (closed), start before end, every break complete and inside the
 * opening hours, breaks not overlapping. Returns the German message of the
 * first problem, or null. Server and screens share it.
 */
export function dayHoursError(day: DayHoursInput, options: { closedAllowed?: boolean } = {}): string | null {
  const { closedAllowed = true } = options;
  const setBreaks = day.breaks.filter((b) => b.start_time || b.end_time);
  if (!day.start_time && !day.end_time) {
    if (!closedAllowed) return MSG.specialDayHoursRequired;
    return setBreaks.length > 0 ? MSG.breakWithoutHours : null;
  }
  const start = toMinutes(day.start_time);
  const end = toMinutes(day.end_time);
  if (!day.start_time || !day.end_time) return MSG.hoursIncomplete;
  if (start === undefined || end === undefined) return MSG.timeFormat;
  if (start >= end) return MSG.startBeforeEnd;
  const intervals: { start: number; end: number }[] = [];
  for (const b of setBreaks) {
    if (!b.start_time || !b.end_time) return MSG.breakIncomplete;
    const bs = toMinutes(b.start_time);
    const be = toMinutes(b.end_time);
    if (bs === undefined || be === undefined) return MSG.timeFormat;
    if (bs >= be) return MSG.startBeforeEnd;
    if (bs < start || be > end) return MSG.breakOutsideHours;
    intervals.push({ start: bs, end: be });
  }
  const [a, b] = intervals;
  if (a && b && a.start < b.end && b.start < a.end) return MSG.breaksOverlap;
  return null;
}
