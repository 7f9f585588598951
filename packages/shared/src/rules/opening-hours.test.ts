import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { dayHoursError } from './opening-hours';

const day = (start_time: string, end_time: string, ...breaks: [string, string][]) => ({
  start_time,
  end_time,
  breaks: breaks.map(([s, e]) => ({ start_time: s, end_time: e })),
});

describe('dayHoursError', () => {
  it('accepts an empty day (closed) and a day with two breaks inside the hours', () => {
    expect(dayHoursError(day('', ''))).toBeNull();
    expect(dayHoursError(day('08:00', '18:00', ['12:00', '13:00'], ['15:00', '15:15']))).toBeNull();
    expect(dayHoursError(day('08:00', '18:00', ['', '']))).toBeNull();
  });

  it('refuses a break outside the opening hours', () => {
    expect(dayHoursError(day('08:00', '12:00', ['11:30', '12:30']))).toBe(MSG.breakOutsideHours);
    expect(dayHoursError(day('08:00', '12:00', ['07:00', '07:30']))).toBe(MSG.breakOutsideHours);
  });

  it('refuses half-filled times, wrong order, bad formats and overlapping breaks', () => {
    expect(dayHoursError(day('08:00', ''))).toBe(MSG.hoursIncomplete);
    expect(dayHoursError(day('12:00', '08:00'))).toBe(MSG.startBeforeEnd);
    expect(dayHoursError(day('8 Uhr', '12:00'))).toBe(MSG.timeFormat);
    expect(dayHoursError(day('08:00', '12:00', ['10:00', '']))).toBe(MSG.breakIncomplete);
    expect(dayHoursError(day('08:00', '12:00', ['10:00', '10:30'], ['10:15', '10:45']))).toBe(MSG.breaksOverlap);
    expect(dayHoursError(day('', '', ['10:00', '10:30']))).toBe(MSG.breakWithoutHours);
  });

  it('requires hours where closing is not an option (special days)', () => {
    expect(dayHoursError(day('', ''), { closedAllowed: false })).toBe(MSG.specialDayHoursRequired);
  });
});
