import { describe, expect, it } from 'vitest';
import { dayInterval, dayWithinLimit } from './export-day';

describe('export days', () => {
  it('spans a day from its first to its last second', () => {
    const { start, end } = dayInterval('2026-06-16');
    expect(end - start).toBe(24 * 3600 - 1);
  });
  it('offers both downloads for an ordinary day', () => {
    expect(dayWithinLimit('2026-06-16', 'daily')).toBe(true);
    expect(dayWithinLimit('2026-06-16', 'vaccination')).toBe(true);
  });
});
