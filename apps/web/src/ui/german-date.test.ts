import { describe, expect, it } from 'vitest';
import { isoToGerman, parseGermanDate } from './german-date';

describe('german dates', () => {
  it('parses DD.MM.YYYY and refuses impossible dates', () => {
    expect(parseGermanDate('24.12.2026')).toBe('2026-12-24');
    expect(parseGermanDate('1.2.2027')).toBe('2027-02-01');
    expect(parseGermanDate('31.02.2027')).toBeNull();
    expect(parseGermanDate('2027-02-01')).toBeNull();
  });
  it('formats ISO dates for display', () => {
    expect(isoToGerman('2026-12-24')).toBe('24.12.2026');
  });
});
