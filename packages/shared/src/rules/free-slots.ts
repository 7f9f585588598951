/**
 * Free slots of one day, from the centre's opening hours, special days,
 * holidays, the service's slot length, duration and capacity, and what is
 * already booked. Pure: all times are wall-clock times of the centre's time
 * zone ('HH:MM'), dates are 'YYYY-MM-DD'; the caller converts timestamps.
 */

export interface TimeRange {
  start_time: string;
  end_time: string;
}

/** One weekday of the opening hours; day_index 1 = Sunday … 7 = Saturday. */
export interface WeeklyHours extends TimeRange {
  day_index: number;
  break: TimeRange[];
}

export interface SpecialDayHours extends TimeRange {
  date: string;
  break_start_time?: string | null;
  break_end_time?: string | null;
  break_start_time2?: string | null;
  break_end_time2?: string | null;
}

/** Something that takes places in a slot: an appointment or a blocked slot. */
export interface Occupation extends TimeRange {
  /** Places taken; an appointment takes its number_of_persons, a blocked slot one. */
  persons?: number;
}

export interface FreeSlotsInput {
  date: string;
  weekly: WeeklyHours[];
  specialDays: SpecialDayHours[];
  holidays: string[];
  /** Seconds between two slot starts. */
  slotLength: number;
  /** Seconds one appointment lasts. */
  duration: number;
  /** Places per slot (the service's capacity_max). */
  capacity: number;
  appointments: Occupation[];
  blockedSlots: Occupation[];
  /** Drop slots starting before this time (today: now). */
  notBefore?: string;
}

export interface FreeSlot extends TimeRange {
  /** Places still free, 1 … capacity. */
  free: number;
}

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** 'HH:MM' → minutes after midnight; undefined when empty or malformed. */
export function toMinutes(t: string | null | undefined): number | undefined {
  if (!t) return undefined;
  const m = TIME.exec(t);
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes > 24 * 60 ? undefined : minutes;
}

export function fromMinutes(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Weekday index of the spec: 1 = Sunday … 7 = Saturday. */
export function dayIndexOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
}

export interface Interval {
  start: number;
  end: number;
}

function interval(r: { start_time?: string | null; end_time?: string | null }): Interval | undefined {
  const start = toMinutes(r.start_time);
  const end = toMinutes(r.end_time);
  return start !== undefined && end !== undefined && start < end ? { start, end } : undefined;
}

/** Opening hours and breaks that apply on the date; undefined when closed. */
export function hoursOfDay(
  input: Pick<FreeSlotsInput, 'date' | 'weekly' | 'specialDays' | 'holidays'>,
): { open: Interval; breaks: Interval[] } | undefined {
  if (input.holidays.includes(input.date)) return undefined;
  const special = input.specialDays.find((s) => s.date === input.date);
  if (special) {
    const open = interval(special);
    if (!open) return undefined;
    const breaks = [
      interval({ start_time: special.break_start_time, end_time: special.break_end_time }),
      interval({ start_time: special.break_start_time2, end_time: special.break_end_time2 }),
    ].filter((b): b is Interval => !!b);
    return { open, breaks };
  }
  const day = input.weekly.find((w) => w.day_index === dayIndexOf(input.date));
  const open = day && interval(day);
  if (!day || !open) return undefined;
  return { open, breaks: day.break.map(interval).filter((b): b is Interval => !!b) };
}

/** The open stretches of a day: opening hours minus the breaks, in order. */
export function openSegments(open: Interval, breaks: Interval[]): Interval[] {
  let segments: Interval[] = [open];
  for (const b of breaks) {
    segments = segments.flatMap((s) => {
      if (b.end <= s.start || b.start >= s.end) return [s];
      const parts: Interval[] = [];
      if (b.start > s.start) parts.push({ start: s.start, end: b.start });
      if (b.end < s.end) parts.push({ start: b.end, end: s.end });
      return parts;
    });
  }
  return segments.sort((a, b) => a.start - b.start);
}

/** Highest number of places taken at any moment within [start, end). */
export function peakLoad(occupations: (Interval & { persons: number })[], start: number, end: number): number {
  const overlapping = occupations.filter((o) => o.start < end && o.end > start);
  // The load only rises where an occupation starts, so those points (and start) are enough.
  const points = [start, ...overlapping.map((o) => o.start).filter((p) => p > start)];
  let peak = 0;
  for (const p of points) {
    const load = overlapping.filter((o) => o.start <= p && o.end > p).reduce((sum, o) => sum + o.persons, 0);
    peak = Math.max(peak, load);
  }
  return peak;
}

/**
 * Places taken in each minute of the day (index = minutes after midnight, 0 … 1439): one pass over
 * the occupations instead of one per slot. A busy day has ≈ 600 occupied spans and 156 slots; asking
 * peakLoad for each slot took 1.5 ms of the server's event loop per call of the booking page (bench).
 */
export function loadByMinute(occupations: (Interval & { persons: number })[]): Int32Array {
  const load = new Int32Array(24 * 60 + 1);
  for (const o of occupations) {
    load[o.start]! += o.persons;
    load[o.end]! -= o.persons;
  }
  for (let m = 1; m < load.length; m++) load[m]! += load[m - 1]!;
  return load;
}

/** peakLoad of [start, end) read from loadByMinute's array (the same figure: times are whole minutes). */
export function peakIn(load: Int32Array, start: number, end: number): number {
  let peak = 0;
  for (let m = start; m < end; m++) if (load[m]! > peak) peak = load[m]!;
  return peak;
}

/**
 * The bookable slots of the day. Within each open stretch (a break restarts
 * the grid) a slot starts every slotLength; the appointment must fit before
 * the next break or closing time, and at no moment of it may the places taken
 * reach the capacity.
 */
export function freeSlots(input: FreeSlotsInput): FreeSlot[] {
  const hours = hoursOfDay(input);
  const step = Math.round(input.slotLength / 60);
  const length = Math.round(input.duration / 60);
  if (!hours || step <= 0 || length <= 0 || input.capacity <= 0) return [];
  const notBefore = toMinutes(input.notBefore) ?? 0;
  const occupations = [...input.appointments, ...input.blockedSlots]
    .map((o) => {
      const iv = interval(o);
      return iv && { ...iv, persons: Math.max(0, o.persons ?? 1) };
    })
    .filter((o): o is Interval & { persons: number } => !!o);

  const load = loadByMinute(occupations);
  const slots: FreeSlot[] = [];
  for (const segment of openSegments(hours.open, hours.breaks)) {
    for (let t = segment.start; t + length <= segment.end; t += step) {
      if (t < notBefore) continue;
      const free = input.capacity - peakIn(load, t, t + length);
      if (free > 0) slots.push({ start_time: fromMinutes(t), end_time: fromMinutes(t + length), free });
    }
  }
  return slots;
}
