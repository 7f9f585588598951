import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayIndexOf,
  type FreeSlotsInput,
  freeSlots,
  fromMinutes,
  hoursOfDay,
  loadByMinute,
  type Occupation,
  peakIn,
  peakLoad,
  toMinutes,
  type WeeklyHours,
} from './free-slots';

// 2024-06-03 is a Monday (day_index 2), 2024-06-02 a Sunday (day_index 1).
const MONDAY = '2024-06-03';

const monday: WeeklyHours = {
  day_index: 2,
  start_time: '08:00',
  end_time: '12:00',
  break: [{ start_time: '10:00', end_time: '10:30' }],
};

const base: FreeSlotsInput = {
  date: MONDAY,
  weekly: [monday],
  specialDays: [],
  holidays: [],
  slotLength: 30 * 60,
  duration: 30 * 60,
  capacity: 2,
  appointments: [],
  blockedSlots: [],
};

const starts = (input: FreeSlotsInput) => freeSlots(input).map((s) => s.start_time);

describe('freeSlots examples', () => {
  it('knows the spec weekday index (1 = Sunday … 7 = Saturday)', () => {
    expect(dayIndexOf('2024-06-02')).toBe(1);
    expect(dayIndexOf(MONDAY)).toBe(2);
    expect(dayIndexOf('2024-06-08')).toBe(7);
  });

  it('offers the grid of the opening hours, skipping the break and restarting after it', () => {
    expect(starts(base)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:30', '11:00', '11:30']);
  });

  it('offers nothing on a closed weekday', () => {
    expect(freeSlots({ ...base, date: '2024-06-04' })).toEqual([]);
  });

  it('offers nothing on a holiday, even when a special day names the date', () => {
    expect(freeSlots({ ...base, holidays: [MONDAY] })).toEqual([]);
    expect(
      freeSlots({
        ...base,
        holidays: [MONDAY],
        specialDays: [{ date: MONDAY, start_time: '08:00', end_time: '09:00' }],
      }),
    ).toEqual([]);
  });

  it('uses a special day instead of the weekly hours', () => {
    const input = {
      ...base,
      date: '2024-06-04',
      specialDays: [
        {
          date: '2024-06-04',
          start_time: '14:00',
          end_time: '16:00',
          break_start_time: '14:30',
          break_end_time: '15:00',
          break_start_time2: '',
          break_end_time2: '',
        },
      ],
    };
    expect(starts(input)).toEqual(['14:00', '15:00', '15:30']);
  });

  it('needs the whole appointment before the next break or closing time', () => {
    expect(starts({ ...base, duration: 45 * 60 })).toEqual(['08:00', '08:30', '09:00', '10:30', '11:00']);
  });

  it('counts appointments and blocked slots against the capacity', () => {
    const slots = freeSlots({
      ...base,
      appointments: [{ start_time: '08:00', end_time: '08:30' }],
      blockedSlots: [
        { start_time: '08:00', end_time: '08:30' },
        { start_time: '09:00', end_time: '09:30' },
      ],
    });
    expect(slots.find((s) => s.start_time === '08:00')).toBeUndefined();
    expect(slots.find((s) => s.start_time === '09:00')?.free).toBe(1);
    expect(slots.find((s) => s.start_time === '08:30')?.free).toBe(2);
  });

  it('counts the persons of a group appointment', () => {
    const slots = freeSlots({ ...base, appointments: [{ start_time: '11:00', end_time: '11:30', persons: 2 }] });
    expect(slots.map((s) => s.start_time)).not.toContain('11:00');
  });

  it('looks at the peak, not the sum, of appointments one after another', () => {
    const slots = freeSlots({
      ...base,
      duration: 60 * 60,
      appointments: [
        { start_time: '08:00', end_time: '08:30' },
        { start_time: '08:30', end_time: '09:00' },
      ],
    });
    expect(slots.find((s) => s.start_time === '08:00')?.free).toBe(1);
  });

  it('drops slots before notBefore', () => {
    expect(starts({ ...base, notBefore: '09:10' })).toEqual(['09:30', '10:30', '11:00', '11:30']);
  });
});

// ---- properties ----------------------------------------------------------------

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 });
const hhmm = minuteOfDay.map(fromMinutes);
const range = fc.tuple(minuteOfDay, minuteOfDay).map(([a, b]) => ({
  start_time: fromMinutes(Math.min(a, b)),
  end_time: fromMinutes(Math.max(a, b)),
}));
const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const weekly = fc.uniqueArray(
  fc.record({
    day_index: fc.integer({ min: 1, max: 7 }),
    start_time: hhmm,
    end_time: hhmm,
    break: fc.array(range, { maxLength: 2 }),
  }),
  { selector: (w) => w.day_index, maxLength: 7 },
);
const occupation: fc.Arbitrary<Occupation> = fc.record({
  start_time: hhmm,
  end_time: hhmm,
  persons: fc.integer({ min: 0, max: 3 }),
});
const input: fc.Arbitrary<FreeSlotsInput> = fc.record({
  date,
  weekly,
  specialDays: fc.array(
    fc.record({
      date,
      start_time: hhmm,
      end_time: hhmm,
      break_start_time: hhmm,
      break_end_time: hhmm,
      break_start_time2: fc.constantFrom('', '12:00'),
      break_end_time2: fc.constantFrom('', '13:00'),
    }),
    { maxLength: 3 },
  ),
  holidays: fc.array(date, { maxLength: 3 }),
  slotLength: fc.integer({ min: 1, max: 120 }).map((m) => m * 60),
  duration: fc.integer({ min: 1, max: 180 }).map((m) => m * 60),
  capacity: fc.integer({ min: 1, max: 4 }),
  appointments: fc.array(occupation, { maxLength: 8 }),
  blockedSlots: fc.array(occupation, { maxLength: 4 }),
});

const mins = (s: { start_time: string; end_time: string }) => ({
  start: toMinutes(s.start_time)!,
  end: toMinutes(s.end_time)!,
});

describe('freeSlots properties', () => {
  it('never offers a slot on a holiday', () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(freeSlots({ ...i, holidays: [...i.holidays, i.date] })).toEqual([]);
      }),
    );
  });

  it('keeps every slot inside the opening hours and out of every break', () => {
    fc.assert(
      fc.property(input, (i) => {
        const slots = freeSlots(i);
        if (slots.length === 0) return;
        const hours = hoursOfDay(i)!;
        expect(hours).toBeDefined();
        for (const s of slots.map(mins)) {
          expect(s.end - s.start).toBe(i.duration / 60);
          expect(s.start).toBeGreaterThanOrEqual(hours.open.start);
          expect(s.end).toBeLessThanOrEqual(hours.open.end);
          for (const b of hours.breaks) expect(s.end <= b.start || s.start >= b.end).toBe(true);
        }
      }),
    );
  });

  it('never offers a slot whose places are taken at some moment', () => {
    fc.assert(
      fc.property(input, (i) => {
        const occ = [...i.appointments, ...i.blockedSlots].map((o) => ({ ...mins(o), persons: o.persons ?? 1 }));
        for (const slot of freeSlots(i)) {
          const s = mins(slot);
          expect(slot.free).toBeGreaterThanOrEqual(1);
          expect(slot.free).toBeLessThanOrEqual(i.capacity);
          // check every minute of the slot, independently of the implementation
          for (let m = s.start; m < s.end; m++) {
            const load = occ.filter((o) => o.start <= m && o.end > m).reduce((sum, o) => sum + o.persons, 0);
            expect(load + slot.free).toBeLessThanOrEqual(i.capacity);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reads every window's peak from the day's load by minute as from the occupations themselves", () => {
    fc.assert(
      // A slot lasts at least a minute (freeSlots offers none of length 0).
      fc.property(
        fc.array(occupation, { maxLength: 12 }),
        range.filter((r) => r.start_time < r.end_time),
        (os, window) => {
          const occ = os.map((o) => ({ ...mins(o), persons: o.persons ?? 1 })).filter((o) => o.start < o.end);
          const w = mins(window);
          expect(peakIn(loadByMinute(occ), w.start, w.end)).toBe(peakLoad(occ, w.start, w.end));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('offers nothing on a day without opening hours or special day', () => {
    fc.assert(
      fc.property(input, (i) => {
        const closed = {
          ...i,
          weekly: i.weekly.filter((w) => w.day_index !== dayIndexOf(i.date)),
          specialDays: i.specialDays.filter((s) => s.date !== i.date),
        };
        expect(freeSlots(closed)).toEqual([]);
      }),
    );
  });

  it('offers slots in order, all places free on an empty day, and bookings only remove slots', () => {
    fc.assert(
      fc.property(input, (i) => {
        const empty = freeSlots({ ...i, appointments: [], blockedSlots: [] });
        const starts = empty.map((s) => toMinutes(s.start_time)!);
        expect([...starts].sort((a, b) => a - b)).toEqual(starts);
        for (const s of empty) expect(s.free).toBe(i.capacity);
        // bookings only ever remove slots
        const booked = freeSlots(i).map((s) => s.start_time);
        for (const b of booked) expect(empty.map((s) => s.start_time)).toContain(b);
      }),
    );
  });
});
