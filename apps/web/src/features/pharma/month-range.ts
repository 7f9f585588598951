import dayjs from 'dayjs';

export type DayRange = { from: string; to: string };

/** The calendar month `offset` months from the one of `today` (YYYY-MM-DD), first to last day. */
export function monthRange(today: string, offset = 0): DayRange {
  const m = dayjs(today).startOf('month').add(offset, 'month');
  return { from: m.format('YYYY-MM-DD'), to: m.endOf('month').format('YYYY-MM-DD') };
}

/** The range as the server's call wants it: unix seconds from the first day's start to the last day's end (local time). */
export const unixRange = (r: DayRange) => ({
  startdate: dayjs(r.from).startOf('day').unix(),
  enddate: dayjs(r.to).endOf('day').unix(),
});
