/**
 * Appointment date and time rules (core-workflow §5): the time field takes
 * HH:MM with hours 0 to 24 and optional seconds, at most 5 characters (so in
 * practice H:MM or HH:MM); the forms default to the next half hour (the
 * spec says the nearest; a default in the past was a trap at a busy desk).
 */
import { wallClockOf } from './time-zone';

/** The spec's pattern: hours 0–24, minutes, optional seconds. */
export const TIME_PATTERN = /^([01]?\d|2[0-4]):([0-5]\d)(:[0-5]\d)?$/;
export const TIME_MAX_LENGTH = 5;

/** True when the time field is acceptable: pattern, length, and no time after 24:00. */
export function isValidAppointmentTime(value: string): boolean {
  if (value.length > TIME_MAX_LENGTH) return false;
  const m = TIME_PATTERN.exec(value);
  if (!m) return false;
  return !(Number(m[1]) === 24 && Number(m[2]) > 0);
}

/** 'H:MM' or 'HH:MM' → 'HH:MM' (assumes a valid time). */
export function normaliseTime(value: string): string {
  const [h, m] = value.split(':');
  return `${String(Number(h)).padStart(2, '0')}:${m}`;
}

/** True for a real calendar date written YYYY-MM-DD (no 31.02.). */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const HALF_HOUR_MS = 30 * 60_000;

/**
 * The forms' default: the next half hour from now in the centre's time zone,
 * never one in the past (10:00:00 → 10:00, 10:00:01 → 10:30, 10:31 → 11:00;
 * past 23:30 it is 00:00 of the next day). The instant is rounded up, then
 * read in the zone: on the day the clocks go forward 01:50 gives 03:00, the
 * next half hour that exists. (Exact for zones whose offset is a multiple of
 * 30 minutes, as every European one.)
 */
export function nextHalfHour(now: Date, timeZone: string): { date: string; time: string } {
  const next = Math.ceil(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS;
  return wallClockOf(next, timeZone);
}

/**
 * The edit form's start_date 'YYYY-MM-DD HH:mm:00' (seconds optional) split
 * into date and time; null when the shape or the time is wrong.
 */
export function splitStartDate(value: string): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{1,2}:\d{2})(:00)?$/.exec(value);
  if (!m || !isValidAppointmentTime(m[2]!)) return null;
  return { date: m[1]!, time: normaliseTime(m[2]!) };
}
