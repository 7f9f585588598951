import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { dayHoursError, dayHoursProblem } from './opening-hours';

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

describe('dayHoursProblem names the field to mark', () => {
  const field = (d: ReturnType<typeof day>, options?: { closedAllowed?: boolean }) =>
    dayHoursProblem(d, options)?.field;

  it('marks the missing or malformed opening time', () => {
    expect(field(day('08:00', ''))).toBe('end_time');
    expect(field(day('', '12:00'))).toBe('start_time');
    expect(field(day('25:00', '12:00'))).toBe('start_time');
    expect(field(day('08:00', '12:5'))).toBe('end_time');
    expect(field(day('12:00', '08:00'))).toBe('end_time');
    expect(field(day('', ''), { closedAllowed: false })).toBe('start_time');
  });

  it('marks the break field by its index, also when the first break is empty', () => {
    expect(field(day('08:00', '12:00', ['', ''], ['10:00', '']))).toBe('break.1.end_time');
    expect(field(day('08:00', '12:00', ['', ''], ['', '10:00']))).toBe('break.1.start_time');
    expect(field(day('08:00', '12:00', ['10:00', '9:99']))).toBe('break.0.end_time');
    expect(field(day('08:00', '12:00', ['07:00', '07:30']))).toBe('break.0.start_time');
    expect(field(day('08:00', '12:00', ['11:30', '12:30']))).toBe('break.0.end_time');
    expect(field(day('10:00', '16:00', ['17:00', '17:30']))).toBe('break.0.start_time');
    expect(field(day('08:00', '12:00', ['10:30', '10:00']))).toBe('break.0.end_time');
    expect(field(day('08:00', '12:00', ['10:00', '10:30'], ['10:15', '10:45']))).toBe('break.1.start_time');
    expect(field(day('', '', ['', ''], ['10:00', '10:30']))).toBe('break.1.start_time');
  });

  it('finds nothing in a correct day', () => {
    expect(dayHoursProblem(day('08:00', '18:00', ['12:00', '13:00'], ['15:00', '15:15']))).toBeNull();
  });
});
