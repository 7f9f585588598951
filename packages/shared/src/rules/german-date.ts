/**
 * The German display formats of the spec: DD.MM.YYYY, HH:mm and
 * DD.MM.YYYY HH:mm. Calendar dates (date columns: birthdays, appointment
 * days, holidays) need no zone; instants (timestamps) are shown as the wall
 * clock of a zone that the caller names: the centre's on the server.
 */
import { type Instant, utcOffsetLookup, wallClockOf } from './time-zone';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The German month names, January first (pickers, the billing overview). */
export const GERMAN_MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/**
 * A calendar date 'YYYY-MM-DD' as DD.MM.YYYY; '' for none. Anything else
 * (an instant has no calendar date without a zone: use germanDateOf) comes
 * back unchanged rather than as a date shifted into UTC.
 */
export function germanDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const m = ISO_DATE.exec(isoDate);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : isoDate;
}

/** 'TT.MM.JJJJ' as a person types it (also 1.2.2027) → 'YYYY-MM-DD', or null when it is no real date. */
export function parseGermanDate(input: string): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(input);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * 'TT.MM.JJJJ HH:mm' as a person types it (also '1.2.2027 9:05') → the wall
 * clock 'YYYY-MM-DDTHH:mm', or null when it is no real date and time.
 */
export function parseGermanDateTime(input: string): string | null {
  const m = /^\s*(\S+?),?\s+(\d{1,2}):(\d{2})\s*$/.exec(input);
  if (!m) return null;
  const date = parseGermanDate(m[1]!);
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (!date || hour > 23 || minute > 59) return null;
  return `${date}T${m[2]!.padStart(2, '0')}:${m[3]}`;
}

/** A wall clock 'YYYY-MM-DDTHH:mm' as DD.MM.YYYY HH:mm; anything else comes back unchanged. */
export function germanDateTime(wallClock: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(wallClock);
  return m ? `${germanDate(m[1])} ${m[2]}` : wallClock;
}

/** DD.MM.YYYY of an instant in a zone. */
export const germanDateOf = (instant: Instant, timeZone: string): string =>
  germanDate(wallClockOf(instant, timeZone).date);

/** HH:mm of an instant in a zone. */
export const germanTimeOf = (instant: Instant, timeZone: string): string => wallClockOf(instant, timeZone).time;

/** DD.MM.YYYY HH:mm of an instant in a zone. */
export function germanDateTimeOf(instant: Instant, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  return `${germanDate(w.date)} ${w.time}`;
}

/**
 * germanDateTimeOf for many instants of one zone (the CSV export): the zone's
 * offset is looked up once per UTC hour (utcOffsetLookup), the rest is
 * arithmetic, since one Intl call costs about as much as formatting a row.
 */
export function germanDateTimeFormatter(timeZone: string): (instant: Instant) => string {
  const offsetAt = utcOffsetLookup(timeZone);
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return (instant) => {
    const ms = typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : +instant;
    if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
    const d = new Date(ms + offsetAt(ms));
    return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  };
}
