import { EXPORT_MAX_RANGE_HOURS, VACCINATION_EXPORT_MAX_RANGE_HOURS } from '@tz/shared/constants';
import { isWithinHours } from '@tz/shared/rules/export-range';
import dayjs from 'dayjs';

/**
 * One chosen day 'YYYY-MM-DD' as the exports' interval: unix seconds from its
 * first to its last second on the browser's clock (the appointments list
 * sends its days the same way).
 */
export function dayInterval(day: string) {
  return { start: dayjs(day).startOf('day').unix(), end: dayjs(day).endOf('day').unix() };
}

/**
 * Whether the day's download may be offered (configuration-admin §6): within
 * 25 hours for the immediate export, 24 for the vaccination export. A day on
 * which the clocks go back lasts 25 hours: the vaccination export cannot take it whole.
 */
export const dayWithinLimit = (day: string, kind: 'daily' | 'vaccination') => {
  const { start, end } = dayInterval(day);
  return isWithinHours(start, end, kind === 'daily' ? EXPORT_MAX_RANGE_HOURS : VACCINATION_EXPORT_MAX_RANGE_HOURS);
};
