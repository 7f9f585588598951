import { describe, expect, it } from 'vitest';
import { FORM_TOKEN_TTL_DAYS, formTokenExpiry, lastValidDay } from './form-token';

const BERLIN = 'Europe/Berlin';
const DAY = 86_400_000;

describe('formTokenExpiry', () => {
  it('keeps a link for an appointment 30 days ahead valid through the appointment day', () => {
    // the case: sent on 23.11., appointment on 23.12. at 09:00 in Berlin
    const now = new Date('2026-11-23T10:00:00Z');
    const expires = formTokenExpiry(now, new Date('2026-12-23T08:00:00Z'), BERLIN);
    expect(expires.toISOString()).toBe('2026-12-23T23:00:00.000Z'); // midnight after the 23rd, Berlin time
    expect(lastValidDay(expires, BERLIN)).toBe('2026-12-23');
  });

  it('keeps the 14 days as the minimum for appointments sooner or already past', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    for (const start of ['2026-11-24T08:00:00Z', '2026-11-01T08:00:00Z', '2026-12-06T08:00:00Z']) {
      expect(formTokenExpiry(now, new Date(start), BERLIN).getTime()).toBe(now.getTime() + FORM_TOKEN_TTL_DAYS * DAY);
    }
    // on the 14th day itself the link lasts to the end of that day, not to 11:00
    expect(formTokenExpiry(now, new Date('2026-12-07T08:00:00Z'), BERLIN).toISOString()).toBe(
      '2026-12-07T23:00:00.000Z',
    );
  });

  it("ends the day in the centre's time zone, also when the clocks change", () => {
    const now = new Date('2026-01-01T10:00:00Z');
    // 23:30 in Berlin on 28.03. is still that day; the clocks go forward that night
    expect(formTokenExpiry(now, new Date('2026-03-28T22:30:00Z'), BERLIN).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    // on 25.10. the clocks go back: the day ends at 23:00 UTC
    expect(formTokenExpiry(now, new Date('2026-10-25T10:00:00Z'), BERLIN).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    // in summer time the day ends at 22:00 UTC
    expect(formTokenExpiry(now, new Date('2026-07-01T20:00:00Z'), BERLIN).toISOString()).toBe(
      '2026-07-01T22:00:00.000Z',
    );
    // another centre's zone: the same instant is already the 24th in Tokyo
    expect(lastValidDay(formTokenExpiry(now, new Date('2026-12-23T20:00:00Z'), 'Asia/Tokyo'), 'Asia/Tokyo')).toBe(
      '2026-12-24',
    );
  });
});
