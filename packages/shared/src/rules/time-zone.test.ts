import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateInZone, utcOffsetAt, utcOffsetLookup, wallClockOf, zonedInstant } from './time-zone';

const BERLIN = 'Europe/Berlin';
const H = 3_600_000;
const iso = (d: Date) => d.toISOString();
const ZONES = [
  BERLIN,
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'UTC',
];
const anyMinute = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 })
  .map((m) => new Date(m * 60_000));

describe('wall clock of an instant', () => {
  it('shows Berlin winter and summer time', () => {
    expect(wallClockOf(new Date('2026-01-15T09:05:00Z'), BERLIN)).toEqual({ date: '2026-01-15', time: '10:05' });
    expect(wallClockOf(new Date('2026-07-15T09:05:00Z'), BERLIN)).toEqual({ date: '2026-07-15', time: '11:05' });
  });

  it('jumps from 01:59 to 03:00 on the last Sunday of March and back from 02:59 to 02:00 on the last Sunday of October', () => {
    expect(wallClockOf('2026-03-29T00:59:00Z', BERLIN)).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(wallClockOf('2026-03-29T01:00:00Z', BERLIN)).toEqual({ date: '2026-03-29', time: '03:00' });
    expect(wallClockOf('2026-10-25T00:59:00Z', BERLIN)).toEqual({ date: '2026-10-25', time: '02:59' });
    expect(wallClockOf('2026-10-25T01:00:00Z', BERLIN)).toEqual({ date: '2026-10-25', time: '02:00' });
  });

  it('keeps 31.12. 23:50 in Berlin in the old year, and an hour later is the new year', () => {
    expect(wallClockOf('2026-12-31T22:50:00Z', BERLIN)).toEqual({ date: '2026-12-31', time: '23:50' });
    expect(wallClockOf('2026-12-31T23:50:00Z', BERLIN)).toEqual({ date: '2027-01-01', time: '00:50' });
  });

  it('takes Date, epoch milliseconds and ISO strings alike, and refuses an invalid one', () => {
    const ms = Date.UTC(2026, 6, 1, 12, 0);
    expect(wallClockOf(ms, BERLIN)).toEqual(wallClockOf(new Date(ms), BERLIN));
    expect(wallClockOf(new Date(ms).toISOString(), BERLIN)).toEqual({ date: '2026-07-01', time: '14:00' });
    expect(() => wallClockOf('kein Datum', BERLIN)).toThrow(RangeError);
  });
});

describe('today in a zone', () => {
  it('lets the zone decide the day, not UTC and not the machine', () => {
    const lateEvening = new Date('2026-12-31T23:30:00Z');
    expect(dateInZone(lateEvening, BERLIN)).toBe('2027-01-01');
    expect(dateInZone(lateEvening, 'America/New_York')).toBe('2026-12-31');
    expect(dateInZone(new Date('2026-12-31T22:50:00Z'), BERLIN)).toBe('2026-12-31');
    // 23:45 on the night the clocks go back is still that day
    expect(dateInZone(new Date('2026-10-25T22:45:00Z'), BERLIN)).toBe('2026-10-25');
    expect(dateInZone(new Date('2026-03-29T21:59:00Z'), BERLIN)).toBe('2026-03-29');
    expect(dateInZone(new Date('2026-03-29T22:00:00Z'), BERLIN)).toBe('2026-03-30');
  });
});

describe('instant of a wall-clock time', () => {
  const at = (date: string, time: string, zone = BERLIN) => iso(zonedInstant(date, time, zone));

  it('converts Berlin wall-clock time in winter and summer', () => {
    expect(at('2024-01-10', '10:00')).toBe('2024-01-10T09:00:00.000Z');
    expect(at('2024-07-10', '9:30')).toBe('2024-07-10T07:30:00.000Z');
    expect(at('2026-12-31', '23:50')).toBe('2026-12-31T22:50:00.000Z');
    expect(at('2026-12-31', '24:00')).toBe('2026-12-31T23:00:00.000Z');
  });

  it('on the last Sunday of March: right before and after the gap, and a time in the gap moves forward by an hour', () => {
    expect(at('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z'); // = 03:30 summer time
    expect(at('2026-03-29', '23:50')).toBe('2026-03-29T21:50:00.000Z');
  });

  it('on the last Sunday of October: the repeated hour means its first (summer-time) pass', () => {
    expect(at('2026-10-25', '01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(at('2026-10-25', '02:00')).toBe('2026-10-25T00:00:00.000Z');
    expect(at('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(at('2026-10-25', '23:50')).toBe('2026-10-25T22:50:00.000Z');
  });

  it('gives back the instant whose wall clock it was given, in any zone (the earlier one of a repeated hour)', () => {
    for (const zone of ZONES) {
      fc.assert(
        fc.property(anyMinute, (instant) => {
          const wall = wallClockOf(instant, zone);
          const back = zonedInstant(wall.date, wall.time, zone);
          expect(wallClockOf(back, zone)).toEqual(wall);
          expect(back.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(H);
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe('offset from UTC', () => {
  it('knows whole, half and quarter hours', () => {
    expect(utcOffsetAt('2026-01-15T12:00:00Z', BERLIN)).toBe(H);
    expect(utcOffsetAt('2026-07-15T12:00:00Z', BERLIN)).toBe(2 * H);
    expect(utcOffsetAt('2026-01-15T12:00:00Z', 'America/New_York')).toBe(-5 * H);
    expect(utcOffsetAt('2026-01-15T12:00:00Z', 'Asia/Kolkata')).toBe(5.5 * H);
    expect(utcOffsetAt('2026-01-15T12:00:00Z', 'Asia/Kathmandu')).toBe(5.75 * H);
  });

  it('looked up per UTC hour, is right also where a zone changes at half past a UTC hour', () => {
    // Adelaide goes from +9:30 to +10:30 at 02:00 local time = 16:30 UTC.
    const adelaide = utcOffsetLookup('Australia/Adelaide');
    expect(adelaide('2026-10-03T16:00:00Z')).toBe(9.5 * H);
    expect(adelaide('2026-10-03T16:29:00Z')).toBe(9.5 * H);
    expect(adelaide('2026-10-03T16:30:00Z')).toBe(10.5 * H);
    expect(adelaide('2026-10-03T16:45:00Z')).toBe(10.5 * H);
    // St. John's (−3:30) changes at 05:30 UTC.
    const stJohns = utcOffsetLookup('America/St_Johns');
    expect(stJohns('2026-03-08T05:15:00Z')).toBe(-3.5 * H);
    expect(stJohns('2026-03-08T05:45:00Z')).toBe(-2.5 * H);
  });

  it('looked up per UTC hour, agrees with asking for every instant', () => {
    for (const zone of ZONES) {
      const lookup = utcOffsetLookup(zone);
      fc.assert(
        fc.property(anyMinute, (d) => {
          expect(lookup(d)).toBe(utcOffsetAt(d, zone));
        }),
        { numRuns: 200 },
      );
    }
  });
});
