import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { summariseServerError } from '../../ui/server-errors';
import { holidaysLabel, openingHoursLabel, specialDaysLabel } from './schedule-field-labels';

const week = [1, 2, 3, 4, 5, 6, 7].map((day_index) => ({ day_index }));
const refused = (field: string, message: string) =>
  new ApiError(400, 'VALIDATION', `${MSG.invalidInput} ${message}`, [{ field, message }]);

describe('opening hours fields by their labels', () => {
  it("names 25:00 on Monday 'Montag Beginn' and marks that field (issue 13, B5)", () => {
    const s = summariseServerError(refused('schedule_items.1.start_time', MSG.timeFormat), openingHoursLabel(week));
    expect(s.text).toBe(`Montag Beginn: ${MSG.timeFormat}`);
    expect(s.errors).toEqual({ 'schedule_items.1.start_time': MSG.timeFormat });
    expect(s.text).not.toContain('schedule_items');
  });

  it('names every time field of every weekday as the screen does', () => {
    const label = openingHoursLabel(week);
    expect(label('schedule_items.0.end_time')).toBe('Sonntag Ende');
    expect(label('schedule_items.6.break.0.start_time')).toBe('Samstag Pause 1 Beginn');
    expect(label('schedule_items.3.break.1.end_time')).toBe('Mittwoch Pause 2 Ende');
    expect(label('schedule_items.3.day_index')).toBeUndefined();
    expect(label('schedule_items.7.start_time')).toBeUndefined();
    expect(label('schedule_items.1.break_start_time')).toBeUndefined();
  });

  it('follows the rows of the form, not the position of a weekday', () => {
    expect(openingHoursLabel([{ day_index: 4 }])('schedule_items.0.start_time')).toBe('Mittwoch Beginn');
  });
});

describe('special days fields by their labels', () => {
  const rows = [{ date: '' }, { date: '2030-12-24' }, { date: '' }];

  it("names the row and its date: 'special_days.1.end_time' is 'Tag 2 (24.12.2030) Ende'", () => {
    const s = summariseServerError(refused('special_days.1.end_time', MSG.timeFormat), specialDaysLabel(rows));
    expect(s.text).toBe(`Tag 2 (24.12.2030) Ende: ${MSG.timeFormat}`);
    expect(s.first).toBe('special_days.1.end_time');
  });

  it('names the flat break fields and the date field, and nothing else', () => {
    const label = specialDaysLabel(rows);
    expect(label('special_days.0.date')).toBe('Tag 1 Datum');
    expect(label('special_days.2.break_start_time2')).toBe('Tag 3 Pause 2 Beginn');
    expect(label('special_days.1.break_end_time')).toBe('Tag 2 (24.12.2030) Pause 1 Ende');
    expect(label('special_days.1.break.0.end_time')).toBeUndefined();
    expect(label('special_days.5.date')).toBeUndefined();
    expect(label('staff_id')).toBeUndefined();
  });
});

describe('holiday fields by their labels', () => {
  it("names 'date.2' 'Feiertag 3'", () => {
    const s = summariseServerError(
      new ApiError(400, 'DATE_IN_PAST', `01.01.2020: ${MSG.dateInPast}`, [
        { field: 'date.2', message: MSG.dateInPast },
      ]),
      holidaysLabel(5),
    );
    expect(s.text).toBe(`Feiertag 3: ${MSG.dateInPast}`);
    expect(s.errors).toEqual({ 'date.2': MSG.dateInPast });
    expect(holidaysLabel(5)('date.5')).toBeUndefined();
  });
});
