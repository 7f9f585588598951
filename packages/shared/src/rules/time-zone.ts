/**
 * Instants and wall-clock times in a time zone. The centre's zone (default
 * Europe/Berlin) decides "today" and the times people read, so every function
 * takes the zone explicitly; none reads the machine's zone.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An instant: a Date, epoch milliseconds or an ISO string with offset. */
export type Instant = Date | number | string;

const toMs = (instant: Instant) =>
  typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

// Building an Intl.DateTimeFormat costs far more than using one: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of a whole minute as if it were UTC: Date.UTC(year, month, day, hour, minute). */
function wallAsUtc(minuteMs: number, timeZone: string): number {
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const p of formatterOf(timeZone).formatToParts(minuteMs)) {
    if (p.type === 'year') year = Number(p.value);
    else if (p.type === 'month') month = Number(p.value);
    else if (p.type === 'day') day = Number(p.value);
    else if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (−1 h in New York, +2 h in a Berlin summer). */
export function utcOffsetAt(instant: Instant, timeZone: string): number {
  const ms = toMs(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  const minute = Math.floor(ms / MINUTE) * MINUTE;
  return wallAsUtc(minute, timeZone) - minute;
}

/**
 * utcOffsetAt for many instants (a CSV export of thousands of rows): Intl is
 * asked twice per UTC hour, at its first and last minute. Where both agree,
 * the offset holds for the whole hour (no zone changes twice within one);
 * in the rare hour that holds a change, and zones such as Australia/Adelaide
 * change at half past a UTC hour, each instant is asked for itself.
 */
export function utcOffsetLookup(timeZone: string): (instant: Instant) => number {
  const perHour = new Map<number, number>();
  return (instant) => {
    const ms = toMs(instant);
    const hour = Math.floor(ms / HOUR);
    let offset = perHour.get(hour);
    if (offset === undefined) {
      const first = utcOffsetAt(hour * HOUR, timeZone);
      const last = utcOffsetAt(hour * HOUR + HOUR - MINUTE, timeZone);
      offset = first === last ? first : Number.NaN;
      perHour.set(hour, offset);
    }
    return Number.isNaN(offset) ? utcOffsetAt(ms, timeZone) : offset;
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD' and 'HH:mm' of a wall clock held as UTC milliseconds. */
function wallParts(wallMs: number): { date: string; time: string } {
  const d = new Date(wallMs);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  return {
    date: `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`,
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
  };
}

/** Date ('YYYY-MM-DD') and time ('HH:mm') an instant shows on the wall clocks of a zone. */
export function wallClockOf(instant: Instant, timeZone: string): { date: string; time: string } {
  const ms = toMs(instant);
  return wallParts(ms + utcOffsetAt(ms, timeZone));
}

/** The calendar date ('YYYY-MM-DD') of an instant in the zone: with the instant "now" it is "today". */
export const dateInZone = (instant: Instant, timeZone: string): string => wallClockOf(instant, timeZone).date;

/**
 * The instant of a wall-clock date ('YYYY-MM-DD') and time ('HH:MM', 'H:MM'
 * or '24:00') in a zone. On the day the clocks go forward, a time in the
 * skipped hour (02:30 on the last Sunday of March in Berlin) does not exist:
 * it is read with the offset before the change, so it moves forward by the
 * gap (03:30 summer time). On the day they go back, a time in the repeated
 * hour (02:30 on the last Sunday of October) exists twice: the earlier one
 * (still summer time) is taken. Both as JavaScript's Temporal does by default.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // No zone changes its offset twice within two days: the offsets a day
  // before and after are the only candidates.
  const before = utcOffsetAt(wall - DAY, timeZone);
  const after = utcOffsetAt(wall + DAY, timeZone);
  const valid = [wall - before, wall - after]
    .filter((ms) => ms + utcOffsetAt(ms, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? wall - before);
}

/** 'YYYY-MM-DD' plus n calendar days (no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
