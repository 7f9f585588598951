/**
 * Appointment date and time rules (core-workflow §5): the time field takes
 * HH:MM with hours 0 to 24 and optional seconds, at most 5 characters (so in
 * practice H:MM or HH:MM); the forms default to the nearest half hour.
 */

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

function wallClock(instant: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    utc: Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)),
  };
}

/** The instant of a wall-clock date and time ('YYYY-MM-DD', 'HH:MM') in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [h, m] = normaliseTime(time).split(':').map(Number) as [number, number];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, mo - 1, d, h, m);
  // Two passes settle the offset also on the days the clocks change.
  let guess = target;
  for (let i = 0; i < 2; i++) guess = target - (wallClock(new Date(guess), timeZone).utc - guess);
  return new Date(guess);
}

/** Date and time (HH:MM) of an instant in a time zone. */
export function wallClockOf(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallClock(instant, timeZone);
  const time = `${String(Math.floor(w.minutes / 60)).padStart(2, '0')}:${String(w.minutes % 60).padStart(2, '0')}`;
  return { date: w.date, time };
}

/**
 * The forms' default: the nearest half hour of now in the centre's time zone
 * (10:14 → 10:00, 10:15 → 10:30). Past 23:45 it is 00:00 of the next day.
 */
export function nearestHalfHour(now: Date, timeZone: string): { date: string; time: string } {
  const w = wallClock(now, timeZone);
  const rounded = Math.round(w.minutes / 30) * 30;
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
