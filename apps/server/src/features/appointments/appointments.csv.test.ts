import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { germanDateTimeIn } from './appointments.csv';

const intl = (timeZone: string) => {
  const f = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (iso: string) => f.format(new Date(iso)).replace(',', '');
};

describe('germanDateTimeIn', () => {
  it('writes DD.MM.YYYY HH:mm in the zone, across summer time changes', () => {
    const berlin = germanDateTimeIn('Europe/Berlin');
    expect(berlin('2026-03-29T00:59:00.000Z')).toBe('29.03.2026 01:59');
    expect(berlin('2026-03-29T01:00:00.000Z')).toBe('29.03.2026 03:00');
    expect(berlin('2026-10-25T00:59:00.000Z')).toBe('25.10.2026 02:59');
    expect(berlin('2026-10-25T01:00:00.000Z')).toBe('25.10.2026 02:00');
    expect(berlin('2026-12-31T23:30:00.000Z')).toBe('01.01.2027 00:30');
  });

  it('agrees with Intl for any moment in zones with whole, half and odd offsets', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      const fast = germanDateTimeIn(zone);
      const slow = intl(zone);
      fc.assert(
        fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (d) => {
          expect(fast(d.toISOString())).toBe(slow(d.toISOString()));
        }),
        { numRuns: 300 },
      );
    }
  });
});
