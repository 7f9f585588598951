import { describe, expect, it } from 'vitest';
import { birthdayValue, birthdayYears, daysInMonth } from './birthday-picker';

describe('birthday picker', () => {
  it('offers the years 1901 up to the current year, newest first', () => {
    const years = birthdayYears(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1901);
    expect(years).toHaveLength(126);
  });
  it('offers 29 February only in leap years', () => {
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 2000)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(12, 2023)).toBe(31);
  });
  it('emits a value only when day, month and year are chosen and form a date', () => {
    expect(birthdayValue({ day: 29, month: 2, year: 2024 })).toBe('2024-02-29');
    expect(birthdayValue({ day: 29, month: 2, year: 2023 })).toBeNull();
    expect(birthdayValue({ day: 5, month: 3, year: null })).toBeNull();
    expect(birthdayValue({ day: null, month: 3, year: 1980 })).toBeNull();
    expect(birthdayValue({ day: 5, month: null, year: 1980 })).toBeNull();
    expect(birthdayValue({ day: 5, month: 3, year: 1980 })).toBe('1980-03-05');
  });
});
