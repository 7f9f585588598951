/**
 * The rules of the export ranges (configuration-admin §5, §6, §9): the
 * monthly export's request range as wall-clock times 'yyyy-MM-dd HH:mm:ss' of
 * the centre (at most today, at least EXPORT_HISTORY_YEARS back, by default the
 * previous month; presets 'Letzter Monat' and 'Dieser Monat'), and the hour
 * limits of the immediate and vaccination exports. Pure: "today" is passed in
 * (the server's clock in the centre's zone, or the browser's in the web).
 */
import { EXPORT_HISTORY_YEARS } from '../constants';
import { addDays, wallClockOf, zonedInstant } from './time-zone';

/** 'yyyy-MM-dd HH:mm:ss', the spec's format of an export request. */
export const EXPORT_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether a text is a real date and time in the request format (no 24:00, no 31 February). */
export function isExportDateTime(value: string): boolean {
  const m = EXPORT_DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (h > 23 || mi > 59 || s > 59) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The date part 'YYYY-MM-DD' and time part 'HH:mm' plus seconds of a request value. */
export function splitExportDateTime(value: string): { date: string; time: string; seconds: number } {
  return { date: value.slice(0, 10), time: value.slice(11, 16), seconds: Number(value.slice(17, 19)) };
}

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
/** The last day of the month of a day 'YYYY-MM-DD'. */
const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

export interface ExportRange {
  from: string;
  to: string;
}

/** 'Letzter Monat', the default request: the whole previous calendar month. */
export function previousMonthRange(today: string): ExportRange {
  const lastOfPrevious = addDays(monthStart(today), -1);
  return { from: `${monthStart(lastOfPrevious)} 00:00:00`, to: `${lastOfPrevious} 23:59:59` };
}

/** 'Dieser Monat': from the first of this month to the end of today (later days are not allowed). */
export function thisMonthRange(today: string): ExportRange {
  return { from: `${monthStart(today)} 00:00:00`, to: `${today} 23:59:59` };
}

/** The earliest day a request may start on: the same day EXPORT_HISTORY_YEARS years ago (29 Feb → 28 Feb). */
export function earliestExportDay(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - EXPORT_HISTORY_YEARS;
  const last = Number(monthEnd(`${year}-${String(m).padStart(2, '0')}-01`).slice(8));
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The bounds a request must stay within: from the earliest day's start to the end of today. */
export function exportRequestBounds(today: string): ExportRange {
  return { from: `${earliestExportDay(today)} 00:00:00`, to: `${today} 23:59:59` };
}

export const EXPORT_RANGE_MESSAGES = {
  format: 'Bitte Datum und Uhrzeit im Format JJJJ-MM-TT HH:MM:SS angeben.',
  tooEarly: `Der Export darf höchstens ${EXPORT_HISTORY_YEARS} Jahre zurückreichen.`,
  afterToday: 'Der Export darf höchstens bis heute reichen.',
  endBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
} as const;

export interface RangeProblem {
  field: 'from' | 'to';
  message: string;
}

/**
 * What is wrong with a requested range (empty when it may be requested).
 * Values of the request format compare as strings.
 */
export function checkExportRange(range: ExportRange, today: string): RangeProblem[] {
  const problems: RangeProblem[] = [];
  for (const field of ['from', 'to'] as const) {
    if (!isExportDateTime(range[field])) problems.push({ field, message: EXPORT_RANGE_MESSAGES.format });
  }
  if (problems.length > 0) return problems;
  const bounds = exportRequestBounds(today);
  if (range.from < bounds.from) problems.push({ field: 'from', message: EXPORT_RANGE_MESSAGES.tooEarly });
  if (range.to > bounds.to) problems.push({ field: 'to', message: EXPORT_RANGE_MESSAGES.afterToday });
  if (range.to <= range.from) problems.push({ field: 'to', message: EXPORT_RANGE_MESSAGES.endBeforeStart });
  return problems;
}

/**
 * Whether an interval of unix seconds [start, end] is a forward range of at
 * most `hours` hours (immediate export 25, vaccination export 24: spec §6).
 */
export const isWithinHours = (start: number, end: number, hours: number): boolean =>
  end > start && end - start <= hours * 3600;

/** An instant as the request format's wall clock of a zone, 'yyyy-MM-dd HH:mm:ss' (zones offset by whole minutes). */
export function exportDateTimeOf(instant: Date, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  const seconds = Math.floor(instant.getTime() / 1000) % 60;
  return `${w.date} ${w.time}:${String((seconds + 60) % 60).padStart(2, '0')}`;
}

/** The instant of a request value 'yyyy-MM-dd HH:mm:ss' on the wall clocks of a zone. */
export function exportInstant(value: string, timeZone: string): Date {
  const { date, time, seconds } = splitExportDateTime(value);
  return new Date(zonedInstant(date, time, timeZone).getTime() + seconds * 1000);
}
