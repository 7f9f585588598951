import { describe, expect, it } from 'vitest';
import { bookingRefusalMessage, MSG } from '../messages';
import { type BookingCheckInput, checkBooking } from './booking-check';

// 2024-06-03 is a Monday (day_index 2).
const MONDAY = '2024-06-03';

const base: BookingCheckInput = {
  date: MONDAY,
  weekly: [
    { day_index: 2, start_time: '08:00', end_time: '12:00', break: [{ start_time: '10:00', end_time: '10:30' }] },
  ],
  specialDays: [],
  holidays: [],
  slotLength: 30 * 60,
  duration: 30 * 60,
  capacity: 2,
  appointments: [],
  blockedSlots: [],
  time: '09:00',
  count: 1,
  blocked: 0,
};

describe('checkBooking', () => {
  it('accepts a free slot inside the opening hours', () => {
    expect(checkBooking(base)).toBeNull();
  });

  it('names a holiday, a closed day, a closed special day', () => {
    expect(checkBooking({ ...base, holidays: [MONDAY] })).toEqual({ reason: 'holiday' });
    expect(checkBooking({ ...base, date: '2024-06-04' })).toEqual({ reason: 'closed' });
    expect(checkBooking({ ...base, specialDays: [{ date: MONDAY, start_time: '', end_time: '' }] as never })).toEqual({
      reason: 'closed',
    });
  });

  it('names the opening hours when the appointment starts before opening or runs past closing', () => {
    const refusal = { reason: 'outside_hours', open: { start_time: '08:00', end_time: '12:00' } };
    expect(checkBooking({ ...base, time: '07:30' })).toMatchObject(refusal);
    expect(checkBooking({ ...base, time: '11:45' })).toMatchObject({ ...refusal, start: '11:45', end: '12:15' });
  });

  it('names the break the appointment would fall into', () => {
    expect(checkBooking({ ...base, time: '09:45' })).toEqual({
      reason: 'break',
      start: '09:45',
      end: '10:15',
      pause: { start_time: '10:00', end_time: '10:30' },
    });
  });

  it('refuses a start between two slots of the grid; the grid restarts after a break', () => {
    expect(checkBooking({ ...base, time: '09:10' })).toEqual({
      reason: 'off_grid',
      start: '09:10',
      every: 30,
      from: '08:00',
    });
    expect(checkBooking({ ...base, time: '10:30' })).toBeNull();
  });

  it('refuses a start in the past, not one later today', () => {
    expect(checkBooking({ ...base, now: { date: MONDAY, time: '09:01' } })).toEqual({ reason: 'past' });
    expect(checkBooking({ ...base, now: { date: '2024-06-04', time: '00:00' } })).toEqual({ reason: 'past' });
    expect(checkBooking({ ...base, now: { date: MONDAY, time: '09:00' } })).toBeNull();
  });

  it('refuses a full slot and counts blocked slots of others', () => {
    const two = [
      { start_time: '09:00', end_time: '09:30' },
      { start_time: '09:00', end_time: '09:30' },
    ];
    expect(checkBooking({ ...base, appointments: two })).toMatchObject({ reason: 'full', start: '09:00' });
    expect(
      checkBooking({ ...base, appointments: [two[0]!], blockedSlots: [{ start_time: '08:00', end_time: '11:00' }] }),
    ).toMatchObject({ reason: 'full' });
    expect(checkBooking({ ...base, appointments: [two[0]!] })).toBeNull();
  });

  it('needs a place for the appointment and each of its blocked slots', () => {
    expect(checkBooking({ ...base, blocked: 1 })).toBeNull();
    expect(checkBooking({ ...base, blocked: 2 })).toMatchObject({ reason: 'full', blocked: 2 });
  });

  it('needs a place for each person booked side by side (a group at one time) and names their number', () => {
    expect(checkBooking({ ...base, persons: 2 })).toBeNull();
    const refusal = checkBooking({ ...base, persons: 2, appointments: [{ start_time: '09:00', end_time: '09:30' }] });
    expect(refusal).toEqual({ reason: 'full', start: '09:00', position: 1, count: 1, blocked: 0, persons: 2 });
    expect(bookingRefusalMessage(refusal!, MONDAY)).toBe(
      `Am 03.06.2024 um 09:00 Uhr sind keine 2 Plätze mehr frei. ${MSG.overbookHint}`,
    );
    expect(checkBooking({ ...base, persons: 3 })).toMatchObject({ reason: 'full', persons: 3 });
  });

  it('lets further appointments of a row run past closing time but not into a full time', () => {
    // 11:30 + 3 × 30 min runs to 13:00, past closing at 12:00: allowed
    expect(checkBooking({ ...base, time: '11:30', count: 3, blocked: 1 })).toBeNull();
    // the second appointment (09:30) finds its time full
    expect(
      checkBooking({
        ...base,
        count: 3,
        appointments: [
          { start_time: '09:30', end_time: '10:00' },
          { start_time: '09:30', end_time: '10:00' },
        ],
      }),
    ).toEqual({ reason: 'full', start: '09:30', position: 2, count: 3, blocked: 0 });
    // with one blocked slot every appointment needs two places: one booking at 10:00 is enough to refuse
    expect(
      checkBooking({ ...base, count: 3, blocked: 1, appointments: [{ start_time: '10:00', end_time: '10:30' }] }),
    ).toMatchObject({ reason: 'full', start: '10:00', position: 3 });
  });
});

describe('bookingRefusalMessage', () => {
  it('says why in German, without brackets, and how to overbook', () => {
    const texts = [
      bookingRefusalMessage({ reason: 'holiday' }, '2026-12-24'),
      bookingRefusalMessage({ reason: 'closed' }, '2026-12-27'),
      bookingRefusalMessage(
        { reason: 'break', start: '12:15', end: '12:45', pause: { start_time: '12:30', end_time: '13:00' } },
        '2026-12-23',
      ),
      bookingRefusalMessage({ reason: 'full', start: '09:30', position: 2, count: 3, blocked: 1 }, '2026-12-23'),
    ];
    expect(texts[0]).toBe(`Am 24.12.2026 ist Feiertag, das Zentrum ist geschlossen. ${MSG.overbookHint}`);
    expect(texts[1]).toContain('Am 27.12.2026 ist das Zentrum geschlossen.');
    expect(texts[2]).toContain('fällt in die Pause von 12:30 bis 13:00 Uhr');
    expect(texts[3]).toContain(
      'Am 23.12.2026 um 09:30 Uhr ist kein Platz mehr frei für den 2. Termin der Serie und einen blockierten Platz.',
    );
    expect(
      bookingRefusalMessage({ reason: 'full', start: '09:00', position: 1, count: 1, blocked: 0 }, '2026-12-23'),
    ).toBe(`Am 23.12.2026 um 09:00 Uhr ist kein Platz mehr frei. ${MSG.overbookHint}`);
    for (const t of texts) expect(t).not.toMatch(/[()]/);
  });
});
