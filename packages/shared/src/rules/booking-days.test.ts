import { describe, expect, it } from 'vitest';
import { closedDaysOfMonth, daysOfMonth } from './booking-days';

const weekday = (day_index: number) => ({ day_index, start_time: '08:00', end_time: '12:00', break: [] });

describe('closedDaysOfMonth', () => {
  // November 2026: the 1st is a Sunday. Open Monday to Friday.
  const base = {
    month: '2026-11',
    first: '2026-11-03',
    last: '2026-11-27',
    weekly: [2, 3, 4, 5, 6].map(weekday),
    specialDays: [] as { date: string; start_time: string; end_time: string }[],
    holidays: [] as string[],
  };

  it('knows the days of a month, leap years included', () => {
    expect(daysOfMonth('2026-11')).toHaveLength(30);
    expect(daysOfMonth('2028-02').at(-1)).toBe('2028-02-29');
    expect(daysOfMonth('2026-02').at(-1)).toBe('2026-02-28');
  });

  it('names each closed day with its reason: over, beyond the window, holiday, closed special day, weekday', () => {
    const days = closedDaysOfMonth({
      ...base,
      holidays: ['2026-11-18'],
      // A Saturday opened by a special day, a Thursday closed by one without hours.
      specialDays: [
        { date: '2026-11-14', start_time: '09:00', end_time: '11:00' },
        { date: '2026-11-19', start_time: '', end_time: '' },
      ],
    });
    const byDate = Object.fromEntries(days.map((d) => [d.date, d]));
    expect(byDate['2026-11-02']).toMatchObject({ reason: 'past', text: 'Dieser Tag ist vorbei.' });
    expect(byDate['2026-11-08']).toMatchObject({ reason: 'weekday', text: 'Sonntags ist das Zentrum geschlossen.' });
    expect(byDate['2026-11-07']).toMatchObject({ reason: 'weekday', text: 'Samstags ist das Zentrum geschlossen.' });
    expect(byDate['2026-11-14']).toBeUndefined();
    expect(byDate['2026-11-18']).toMatchObject({
      reason: 'holiday',
      text: 'Am 18.11.2026 ist Feiertag, das Zentrum ist geschlossen.',
    });
    expect(byDate['2026-11-19']).toMatchObject({
      reason: 'special_day',
      text: 'Am 19.11.2026 ist das Zentrum geschlossen.',
    });
    expect(byDate['2026-11-30']).toMatchObject({
      reason: 'too_far',
      text: 'Online-Buchungen sind bis zum 27.11.2026 möglich.',
    });
    // The open weekdays inside the window are not listed.
    expect(byDate['2026-11-03']).toBeUndefined();
    expect(byDate['2026-11-27']).toBeUndefined();
  });
});
