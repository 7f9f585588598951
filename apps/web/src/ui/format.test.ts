import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayOf, formatEuro, viewerTimeZone } from './format';

describe('web formats', () => {
  it('shows instants as DD.MM.YYYY and DD.MM.YYYY HH:mm of the given zone', () => {
    expect(formatDayOf('2026-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('01.01.2027');
    expect(formatDayOf('2026-12-31T23:30:00.000Z', 'America/New_York')).toBe('31.12.2026');
    expect(formatDateTime('2026-10-25T00:30:00.000Z', 'Europe/Berlin')).toBe('25.10.2026 02:30');
    expect(formatDateTime(new Date('2026-10-25T01:30:00.000Z'), 'Europe/Berlin')).toBe('25.10.2026 02:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatDayOf('')).toBe('');
  });

  it("uses the browser's zone when none is given", () => {
    const zone = viewerTimeZone();
    expect(() => new Intl.DateTimeFormat('de-DE', { timeZone: zone })).not.toThrow();
    const instant = '2026-06-01T10:00:00.000Z';
    expect(formatDateTime(instant)).toBe(formatDateTime(instant, zone));
  });

  it('writes euros with two decimals', () => {
    expect(formatEuro(1190).replace(/\s/g, ' ')).toBe('11,90 €');
  });
});
