import { WEEKDAYS } from '../constants';
import { bookingDayClosedText } from '../messages';
import { dayIndexOf, type FreeSlotsInput, hoursOfDay } from './free-slots';
import { addDays } from './time-zone';

/**
 * Why a day of the booking calendar cannot be chosen, before any service or
 * free place is looked at: it is over, beyond the booking window, a holiday,
 * a special day without hours, or a weekday without opening hours. A day that
 * is open but has no free place left is not in this list: the page says it is
 * full when it is chosen.
 */
export type ClosedDayReason = 'past' | 'too_far' | 'holiday' | 'special_day' | 'weekday';

export interface ClosedDay {
  date: string;
  reason: ClosedDayReason;
  /** The reason as the customer reads it. */
  text: string;
}

export interface ClosedDaysInput extends Pick<FreeSlotsInput, 'weekly' | 'specialDays' | 'holidays'> {
  /** 'YYYY-MM' */
  month: string;
  /** The centre's today and the last bookable day (YYYY-MM-DD). */
  first: string;
  last: string;
}

/** 'YYYY-MM' → its days as 'YYYY-MM-DD'. */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => addDays(`${month}-01`, i));
}

/**
 * The days of the month that cannot be booked, each with its reason, by the
 * same opening-hours rule the free slots and the booking check use
 * (hoursOfDay: a holiday first, then a special day, then the weekday).
 */
export function closedDaysOfMonth(input: ClosedDaysInput): ClosedDay[] {
  const closed: ClosedDay[] = [];
  for (const date of daysOfMonth(input.month)) {
    const reason = closedReason(input, date);
    if (reason) closed.push({ date, reason, text: bookingDayClosedText(reason, date, input.last, weekdayOf(date)) });
  }
  return closed;
}

const weekdayOf = (date: string) => WEEKDAYS[dayIndexOf(date)] ?? '';

function closedReason(input: ClosedDaysInput, date: string): ClosedDayReason | null {
  if (date < input.first) return 'past';
  if (date > input.last) return 'too_far';
  if (hoursOfDay({ ...input, date })) return null;
  if (input.holidays.includes(date)) return 'holiday';
  if (input.specialDays.some((s) => s.date === date)) return 'special_day';
  return 'weekday';
}
