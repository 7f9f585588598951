import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import { dayHeading, rowLabel, startsDay } from './appointment-days';

describe('day headings of the list', () => {
  it('name the weekday and the German date', () => {
    expect(dayHeading('2026-06-16')).toBe('Dienstag, 16.06.2026');
    expect(dayHeading('2026-10-28')).toBe('Mittwoch, 28.10.2026');
    // the day the clocks go back, and a Sunday
    expect(dayHeading('2026-10-25')).toBe('Sonntag, 25.10.2026');
  });

  it('start with the first loaded row and with every change of date', () => {
    const rows = [{ date: '2026-06-15' }, { date: '2026-06-15' }, { date: '2026-06-16' }, { date: '2026-06-16' }];
    expect(rows.map((_, i) => startsDay(rows, i))).toEqual([true, false, true, false]);
  });
});

describe('the name of a row for screen readers', () => {
  const base = {
    customer_firstname: 'Erika',
    customer_lastname: 'Mustermann',
    date: '2026-06-16',
    time: '10:40',
    status: 'approved',
    checked_in: 0,
    res_detected: null,
    res_date: null,
    vaccination_id: null,
    source: 'staff',
    demis_status: null,
    service_active: true,
    should_block_slot: false,
  } as unknown as Appointment;

  it('says customer, day and time, then the state with the check-in either way', () => {
    expect(rowLabel(base, false)).toBe('Erika Mustermann, 16.06.2026, 10:40 Uhr, Bestätigt, nicht eingecheckt');
    expect(rowLabel({ ...base, checked_in: 1, res_detected: 1, res_date: '2026-06-16T08:55:00.000Z' }, false)).toBe(
      'Erika Mustermann, 16.06.2026, 10:40 Uhr, Bestätigt, Negativ, Eingecheckt, Durchgeführt',
    );
    expect(rowLabel({ ...base, status: 'cancelled' }, false)).toBe(
      'Erika Mustermann, 16.06.2026, 10:40 Uhr, Storniert, nicht eingecheckt',
    );
  });
});
