import {
  type FreeSlotsInput,
  fromMinutes,
  hoursOfDay,
  type Interval,
  openSegments,
  peakLoad,
  type TimeRange,
  toMinutes,
} from './free-slots';

/**
 * Why a booking (a row of `count` appointments with `blocked` blocked slots)
 * cannot start at the asked time. The first appointment must start on a slot
 * of the service's grid inside the opening hours; every appointment of the row
 * (also those past closing time, spec §5) needs one free place, plus one for
 * each blocked slot, since the blocked slots span the whole row.
 */
export type BookingRefusal =
  | { reason: 'past' }
  | { reason: 'holiday' }
  | { reason: 'closed' }
  | { reason: 'outside_hours'; start: string; end: string; open: TimeRange }
  | { reason: 'break'; start: string; end: string; pause: TimeRange }
  | { reason: 'off_grid'; start: string; every: number; from: string }
  | { reason: 'full'; start: string; position: number; count: number; blocked: number; persons?: number };

export interface BookingCheckInput extends Omit<FreeSlotsInput, 'notBefore'> {
  /** 'HH:MM', the first appointment's start. */
  time: string;
  /** Appointments in a row, ≥ 1. */
  count: number;
  /** Blocked slots over the whole row, ≥ 0. */
  blocked: number;
  /** Appointments booked side by side at each position (a group's members at one time), ≥ 1; default 1. */
  persons?: number;
  /** The centre's wall clock now; a start before it is in the past. */
  now?: { date: string; time: string };
}

const range = (i: Interval): TimeRange => ({ start_time: fromMinutes(i.start), end_time: fromMinutes(i.end) });

/** Null when the row can be booked, else the first reason it cannot (in the order a person would check). */
export function checkBooking(input: BookingCheckInput): BookingRefusal | null {
  const start = toMinutes(input.time);
  if (start === undefined) return { reason: 'off_grid', start: input.time, every: 0, from: '' };
  if (input.now && (input.date < input.now.date || (input.date === input.now.date && input.time < input.now.time))) {
    return { reason: 'past' };
  }
  if (input.holidays.includes(input.date)) return { reason: 'holiday' };
  const hours = hoursOfDay(input);
  if (!hours) return { reason: 'closed' };
  const length = Math.round(input.duration / 60);
  const end = start + length;
  const when = { start: fromMinutes(start), end: fromMinutes(end) };
  if (start < hours.open.start || end > hours.open.end) {
    return { reason: 'outside_hours', ...when, open: range(hours.open) };
  }
  const pause = hours.breaks.find((b) => b.start < end && b.end > start);
  if (pause) return { reason: 'break', ...when, pause: range(pause) };
  const step = Math.round(input.slotLength / 60);
  const segment = openSegments(hours.open, hours.breaks).find((s) => s.start <= start && end <= s.end);
  if (segment && step > 0 && (start - segment.start) % step !== 0) {
    return { reason: 'off_grid', start: when.start, every: step, from: fromMinutes(segment.start) };
  }
  const occupations = [...input.appointments, ...input.blockedSlots]
    .map((o) => {
      const s = toMinutes(o.start_time);
      const e = toMinutes(o.end_time);
      return s !== undefined && e !== undefined && s < e
        ? { start: s, end: e, persons: Math.max(0, o.persons ?? 1) }
        : null;
    })
    .filter((o): o is Interval & { persons: number } => !!o);
  const persons = Math.max(1, input.persons ?? 1);
  const needed = persons + input.blocked;
  for (let i = 0; i < input.count; i++) {
    const s = start + i * length;
    if (peakLoad(occupations, s, s + length) + needed > input.capacity) {
      return {
        reason: 'full',
        start: fromMinutes(s),
        position: i + 1,
        count: input.count,
        blocked: input.blocked,
        ...(persons > 1 ? { persons } : {}),
      };
    }
  }
  return null;
}
