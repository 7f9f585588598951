/**
 * Appointment date and time rules (core-workflow §5): the time field takes
 * HH:MM with hours 0 to 24 and optional seconds, at most 5 characters (so in
 * practice H:MM or HH:MM); the forms default to the nearest half hour.
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

/**
 * The forms' default: the nearest half hour of now in the centre's time zone
 * (10:14 → 10:00, 10:15 → 10:30). Past 23:45 it is 00:00 of the next day.
 */
export function nearestHalfHour(now: Date, timeZone: string): { date: string; time: string } {
  const w = wallClockOf(now, timeZone);
  const [h, m] = w.time.split(':').map(Number) as [number, number];
  const rounded = Math.round((h * 60 + m) / 30) * 30;
  if (rounded < 24 * 60) {
    const time = `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${rounded % 60 === 0 ? '00' : '30'}`;
    return { date: w.date, time };
  }
  const [y, mo, d] = w.date.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
  return { date: tomorrow, time: '00:00' };
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
