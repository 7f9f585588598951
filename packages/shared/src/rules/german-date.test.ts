import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  germanDate,
  germanDateOf,
  germanDateTime,
  germanDateTimeFormatter,
  germanDateTimeOf,
  germanTimeOf,
  parseGermanDate,
  parseGermanDateTime,
} from './german-date';

const BERLIN = 'Europe/Berlin';

describe('calendar dates', () => {
  it('writes YYYY-MM-DD as DD.MM.YYYY and nothing as nothing', () => {
    expect(germanDate('2026-12-24')).toBe('24.12.2026');
    expect(germanDate('1901-01-01')).toBe('01.01.1901');
    expect(germanDate(null)).toBe('');
    expect(germanDate(undefined)).toBe('');
    expect(germanDate('')).toBe('');
  });

  it('does not turn an instant into the UTC date of it', () => {
    expect(germanDate('2026-12-31T23:30:00.000Z')).toBe('2026-12-31T23:30:00.000Z');
  });

  it('parses DD.MM.YYYY as typed and refuses impossible dates', () => {
    expect(parseGermanDate('24.12.2026')).toBe('2026-12-24');
    expect(parseGermanDate(' 1.2.2027 ')).toBe('2027-02-01');
    expect(parseGermanDate('29.02.2028')).toBe('2028-02-29');
    expect(parseGermanDate('29.02.2027')).toBeNull();
    expect(parseGermanDate('31.02.2027')).toBeNull();
    expect(parseGermanDate('2027-02-01')).toBeNull();
    expect(parseGermanDate('')).toBeNull();
  });

  it('parses what it writes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1901-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(parseGermanDate(germanDate(iso))).toBe(iso);
      }),
    );
  });
});

describe('typed date and time', () => {
  it('parses TT.MM.JJJJ HH:mm as typed and refuses impossible ones', () => {
    expect(parseGermanDateTime('27.11.2026 15:04')).toBe('2026-11-27T15:04');
    expect(parseGermanDateTime(' 1.2.2027  9:05 ')).toBe('2027-02-01T09:05');
    expect(parseGermanDateTime('27.11.2026, 00:00')).toBe('2026-11-27T00:00');
    expect(parseGermanDateTime('27.11.2026 24:00')).toBeNull();
    expect(parseGermanDateTime('27.11.2026 12:60')).toBeNull();
    expect(parseGermanDateTime('31.11.2026 12:00')).toBeNull();
    expect(parseGermanDateTime('11/27/2026, 03:04 AM')).toBeNull();
    expect(parseGermanDateTime('27.11.2026')).toBeNull();
    expect(parseGermanDateTime('')).toBeNull();
  });

  it('writes a wall clock as DD.MM.YYYY HH:mm and parses what it writes', () => {
    expect(germanDateTime('2026-11-27T03:04')).toBe('27.11.2026 03:04');
    expect(germanDateTime('27.11.2026 3:04')).toBe('27.11.2026 3:04');
    expect(parseGermanDateTime(germanDateTime('2028-02-29T23:59'))).toBe('2028-02-29T23:59');
  });
});

describe('instants in a zone', () => {
  it('writes DD.MM.YYYY, HH:mm and DD.MM.YYYY HH:mm of the zone', () => {
    const i = '2026-07-15T07:05:00.000Z';
    expect(germanDateOf(i, BERLIN)).toBe('15.07.2026');
    expect(germanTimeOf(i, BERLIN)).toBe('09:05');
    expect(germanDateTimeOf(new Date(i), BERLIN)).toBe('15.07.2026 09:05');
    expect(germanDateTimeOf(i, 'America/New_York')).toBe('15.07.2026 03:05');
  });

  it('on the last Sunday of March and of October', () => {
    expect(germanDateTimeOf('2026-03-29T00:59:00Z', BERLIN)).toBe('29.03.2026 01:59');
    expect(germanDateTimeOf('2026-03-29T01:00:00Z', BERLIN)).toBe('29.03.2026 03:00');
    expect(germanDateTimeOf('2026-10-25T00:30:00Z', BERLIN)).toBe('25.10.2026 02:30');
    expect(germanDateTimeOf('2026-10-25T01:30:00Z', BERLIN)).toBe('25.10.2026 02:30');
    expect(germanTimeOf('2026-10-25T22:45:00Z', BERLIN)).toBe('23:45');
  });

  it('on 31.12. at 23:50, and across the turn of the year', () => {
    expect(germanDateOf('2026-12-31T22:50:00Z', BERLIN)).toBe('31.12.2026');
    expect(germanTimeOf('2026-12-31T22:50:00Z', BERLIN)).toBe('23:50');
    expect(germanDateTimeOf('2026-12-31T23:50:00Z', BERLIN)).toBe('01.01.2027 00:50');
    expect(germanDateTimeOf('2026-12-31T23:50:00Z', 'UTC')).toBe('31.12.2026 23:50');
  });
});

describe('many instants of one zone (CSV export)', () => {
  afterEach(() => vi.restoreAllMocks());

  const intl = (timeZone: string) => {
    const f = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return (iso: string) => f.format(new Date(iso)).replace(',', '');
  };

  it('writes DD.MM.YYYY HH:mm in the zone, across summer time changes and the turn of the year', () => {
    const berlin = germanDateTimeFormatter(BERLIN);
    expect(berlin('2026-03-29T00:59:00.000Z')).toBe('29.03.2026 01:59');
    expect(berlin('2026-03-29T01:00:00.000Z')).toBe('29.03.2026 03:00');
    expect(berlin('2026-10-25T00:59:00.000Z')).toBe('25.10.2026 02:59');
    expect(berlin('2026-10-25T01:00:00.000Z')).toBe('25.10.2026 02:00');
    expect(berlin('2026-12-31T22:50:00.000Z')).toBe('31.12.2026 23:50');
    expect(berlin('2026-12-31T23:30:00.000Z')).toBe('01.01.2027 00:30');
  });

  it('is right also in the half hour after a change at half past a UTC hour', () => {
    // Adelaide: 02:00 → 03:00 local at 16:30 UTC; St. John's: 02:00 → 03:00 local at 05:30 UTC.
    expect(germanDateTimeFormatter('Australia/Adelaide')('2026-10-03T16:45:00.000Z')).toBe('04.10.2026 03:15');
    expect(germanDateTimeFormatter('America/St_Johns')('2026-03-08T05:45:00.000Z')).toBe('08.03.2026 03:15');
  });

  it('agrees with Intl for any moment in zones with whole, half and odd offsets', () => {
    const zones = [BERLIN, 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'Australia/Lord_Howe', 'UTC'];
    for (const zone of zones) {
      const fast = germanDateTimeFormatter(zone);
      const slow = intl(zone);
      fc.assert(
        fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), (d) => {
          expect(fast(d.toISOString())).toBe(slow(d.toISOString()));
          expect(fast(d)).toBe(germanDateTimeOf(d, zone));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('asks Intl only twice per UTC hour, however many instants fall into it', () => {
    const format = germanDateTimeFormatter(BERLIN);
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const start = Date.UTC(2026, 5, 1, 8, 0);
    const texts = Array.from({ length: 3600 }, (_, s) => format(new Date(start + s * 1000)));
    expect(texts[0]).toBe('01.06.2026 10:00');
    expect(texts.at(-1)).toBe('01.06.2026 10:59');
    expect(spy).toHaveBeenCalled(); // the spy sees the formatter's calls
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
