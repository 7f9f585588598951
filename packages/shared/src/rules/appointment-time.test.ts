import { describe, expect, it } from 'vitest';
import { isRealDate, isValidAppointmentTime, nextHalfHour } from './appointment-time';

describe('appointment time pattern', () => {
  it('accepts HH:MM and H:MM with hours 0 to 24', () => {
    for (const t of ['00:00', '9:05', '09:05', '23:59', '24:00']) expect(isValidAppointmentTime(t)).toBe(true);
  });
  it('refuses hours above 24, bad minutes, other shapes and more than 5 characters', () => {
    for (const t of ['25:00', '24:30', '12:60', '1200', '12:5', 'ab:cd', '', '12:00:00', '012:00']) {
      expect(isValidAppointmentTime(t)).toBe(false);
    }
  });
});

describe('real dates', () => {
  it('knows the 29th of February only in leap years', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2024-04-31')).toBe(false);
    expect(isRealDate('24-04-01')).toBe(false);
  });
});

describe('next half hour', () => {
  const at = (iso: string) => nextHalfHour(new Date(iso), 'Europe/Berlin');
  it('rounds up to the next full or half hour in the centre time zone, never into the past', () => {
    // 09:14 UTC in summer = 11:14 Berlin
    expect(at('2024-07-01T09:14:00Z')).toEqual({ date: '2024-07-01', time: '11:30' });
    expect(at('2024-07-01T09:01:00Z')).toEqual({ date: '2024-07-01', time: '11:30' });
    expect(at('2024-07-01T09:44:59Z')).toEqual({ date: '2024-07-01', time: '12:00' });
    // winter: 09:45 UTC = 10:45 Berlin
    expect(at('2024-01-10T09:45:00Z')).toEqual({ date: '2024-01-10', time: '11:00' });
  });
  it('keeps a time exactly on the half hour, but not a second after it', () => {
    expect(at('2024-07-01T09:30:00.000Z')).toEqual({ date: '2024-07-01', time: '11:30' });
    expect(at('2024-07-01T09:30:00.001Z')).toEqual({ date: '2024-07-01', time: '12:00' });
    expect(at('2024-07-01T09:30:01Z')).toEqual({ date: '2024-07-01', time: '12:00' });
  });
  it('moves to midnight of the next day late in the evening', () => {
    expect(at('2024-12-31T22:31:00Z')).toEqual({ date: '2025-01-01', time: '00:00' });
    expect(at('2024-12-31T22:50:00Z')).toEqual({ date: '2025-01-01', time: '00:00' });
  });
  it('gives a time that exists when the clocks go forward', () => {
    // 31.03.2024 01:50 CET → 02:00 does not exist in Berlin: 03:00 summer time
    expect(at('2024-03-31T00:50:00Z')).toEqual({ date: '2024-03-31', time: '03:00' });
    // 27.10.2024 02:40 (second, winter time) → 03:00
    expect(at('2024-10-27T01:40:00Z')).toEqual({ date: '2024-10-27', time: '03:00' });
  });
});
