import { describe, expect, it } from 'vitest';
import { parseGermanDate } from './german-date';

describe('parseGermanDate', () => {
  it('reads DD.MM.YYYY and D.M.YYYY', () => {
    expect(parseGermanDate('15.01.2099')).toBe('2099-01-15');
    expect(parseGermanDate(' 1.2.2030 ')).toBe('2030-02-01');
  });

  it('refuses impossible dates and other formats', () => {
    expect(parseGermanDate('31.02.2030')).toBeNull();
    expect(parseGermanDate('2030-02-01')).toBeNull();
    expect(parseGermanDate('')).toBeNull();
  });
});
