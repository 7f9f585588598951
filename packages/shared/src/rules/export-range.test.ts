import { describe, expect, it } from 'vitest';
import {
  checkExportRange,
  EXPORT_RANGE_MESSAGES,
  earliestExportDay,
  exportDateTimeOf,
  exportInstant,
  exportRequestBounds,
  isExportDateTime,
  isWithinHours,
  previousMonthRange,
  thisMonthRange,
} from './export-range';

describe('export request range', () => {
  it('defaults to the whole previous month, also across a year and in February of a leap year', () => {
    expect(previousMonthRange('2026-06-16')).toEqual({ from: '2026-05-01 00:00:00', to: '2026-05-31 23:59:59' });
    expect(previousMonthRange('2027-01-01')).toEqual({ from: '2026-12-01 00:00:00', to: '2026-12-31 23:59:59' });
    expect(previousMonthRange('2028-03-31')).toEqual({ from: '2028-02-01 00:00:00', to: '2028-02-29 23:59:59' });
  });

  it('offers this month up to the end of today', () => {
    expect(thisMonthRange('2026-06-16')).toEqual({ from: '2026-06-01 00:00:00', to: '2026-06-16 23:59:59' });
  });

  it('reaches back five years to the day, and from 29 February to 28 February', () => {
    expect(earliestExportDay('2026-06-16')).toBe('2021-06-16');
    expect(earliestExportDay('2028-02-29')).toBe('2023-02-28');
    expect(exportRequestBounds('2026-06-16')).toEqual({ from: '2021-06-16 00:00:00', to: '2026-06-16 23:59:59' });
  });

  it('accepts a range inside the bounds, including both bounds themselves', () => {
    expect(checkExportRange({ from: '2021-06-16 00:00:00', to: '2026-06-16 23:59:59' }, '2026-06-16')).toEqual([]);
    expect(checkExportRange(previousMonthRange('2026-06-16'), '2026-06-16')).toEqual([]);
  });

  it('refuses a start more than five years back, an end after today and an end before the start', () => {
    expect(checkExportRange({ from: '2021-06-15 23:59:59', to: '2026-01-01 00:00:00' }, '2026-06-16')).toEqual([
      { field: 'from', message: EXPORT_RANGE_MESSAGES.tooEarly },
    ]);
    expect(checkExportRange({ from: '2026-06-01 00:00:00', to: '2026-06-17 00:00:00' }, '2026-06-16')).toEqual([
      { field: 'to', message: EXPORT_RANGE_MESSAGES.afterToday },
    ]);
    expect(checkExportRange({ from: '2026-06-02 00:00:00', to: '2026-06-01 00:00:00' }, '2026-06-16')).toEqual([
      { field: 'to', message: EXPORT_RANGE_MESSAGES.endBeforeStart },
    ]);
  });

  it('refuses values that are not a real date and time in the request format', () => {
    for (const bad of ['2026-02-30 00:00:00', '2026-06-01 24:00:00', '2026-06-01', '01.06.2026 00:00:00', '']) {
      expect(isExportDateTime(bad), bad).toBe(false);
    }
    expect(isExportDateTime('2028-02-29 23:59:59')).toBe(true);
    expect(checkExportRange({ from: '2026-6-1 0:00:00', to: '2026-06-01 00:00:00' }, '2026-06-16')).toEqual([
      { field: 'from', message: EXPORT_RANGE_MESSAGES.format },
    ]);
  });
});

describe('hour limits of the immediate and vaccination exports', () => {
  const start = 1_781_560_800;
  it('allows exactly the limit and refuses one second more', () => {
    expect(isWithinHours(start, start + 25 * 3600, 25)).toBe(true);
    expect(isWithinHours(start, start + 25 * 3600 + 1, 25)).toBe(false);
    expect(isWithinHours(start, start + 24 * 3600, 24)).toBe(true);
    expect(isWithinHours(start, start + 24 * 3600 + 1, 24)).toBe(false);
  });
  it('refuses an empty or backward interval', () => {
    expect(isWithinHours(start, start, 25)).toBe(false);
    expect(isWithinHours(start, start - 60, 25)).toBe(false);
  });
});

describe('request values and instants', () => {
  it('reads a request value on the wall clock of the zone and writes it back the same', () => {
    const at = exportInstant('2026-05-31 23:59:59', 'Europe/Berlin');
    expect(at.toISOString()).toBe('2026-05-31T21:59:59.000Z');
    expect(exportDateTimeOf(at, 'Europe/Berlin')).toBe('2026-05-31 23:59:59');
    expect(exportInstant('2026-01-01 00:00:00', 'Europe/Berlin').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(exportDateTimeOf(new Date('2025-12-31T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-01-01 00:00:00');
  });
});
