import { WEEKDAYS } from '@tz/shared/constants';
import { germanDate } from '@tz/shared/rules/german-date';
import type { FieldLabel } from '../../ui/server-errors';

/** The column labels of one day's times, as the screens show them. */
const TIME_COLUMNS: Record<string, string> = {
  start_time: 'Beginn',
  end_time: 'Ende',
  'break.0.start_time': 'Pause 1 Beginn',
  'break.0.end_time': 'Pause 1 Ende',
  'break.1.start_time': 'Pause 2 Beginn',
  'break.1.end_time': 'Pause 2 Ende',
  break_start_time: 'Pause 1 Beginn',
  break_end_time: 'Pause 1 Ende',
  break_start_time2: 'Pause 2 Beginn',
  break_end_time2: 'Pause 2 Ende',
};

/**
 * Opening hours (values { schedule_items: week }): 'schedule_items.1.start_time'
 * is the field 'Montag Beginn' when the second row of the week is Monday.
 */
export const openingHoursLabel =
  (week: { day_index: number }[]): FieldLabel =>
  (path) => {
    const m = /^schedule_items\.(\d+)\.(.+)$/.exec(path);
    const day = m ? week[Number(m[1])] : undefined;
    const column = m ? TIME_COLUMNS[m[2]!] : undefined;
    const name = day ? WEEKDAYS[day.day_index] : undefined;
    return name && column && !m![2]!.startsWith('break_') ? `${name} ${column}` : undefined;
  };

/**
 * Special days (values { special_days: rows }): 'special_days.0.end_time' is
 * 'Tag 1 (24.12.2030) Ende' (the row's date, when one is entered).
 */
export const specialDaysLabel =
  (rows: { date: string }[]): FieldLabel =>
  (path) => {
    const m = /^special_days\.(\d+)\.(.+)$/.exec(path);
    if (!m) return undefined;
    const row = rows[Number(m[1])];
    const field = m[2]!;
    const column = field === 'date' ? 'Datum' : field.startsWith('break.') ? undefined : TIME_COLUMNS[field];
    if (!row || !column) return undefined;
    return `Tag ${Number(m[1]) + 1}${row.date ? ` (${germanDate(row.date)})` : ''} ${column}`;
  };

/** Holidays (values { date: five dates }): 'date.2' is 'Feiertag 3'. */
export const holidaysLabel =
  (count: number): FieldLabel =>
  (path) => {
    const m = /^date\.(\d+)$/.exec(path);
    const i = m ? Number(m[1]) : -1;
    return i >= 0 && i < count ? `Feiertag ${i + 1}` : undefined;
  };
