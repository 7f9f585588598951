import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import { type AppointmentPages, nextPageParam, patchAppointment, shouldLoadMore } from './appointment-pages';

const row = (appointment_id: number, minute: number) => ({
  appointment_id,
  start_date: `2026-06-30T08:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('keyset paging of the appointments list', () => {
  it('asks for the rows after the last row of a full page', () => {
    const page = [row(7, 0), row(3, 5), row(9, 5)];
    expect(nextPageParam(page, 3)).toEqual({ start_date: '2026-06-30T08:05:00.000Z', appointment_id: 9 });
  });

  it('stops after a page shorter than the page size, and after an empty page', () => {
    expect(nextPageParam([row(1, 0), row(2, 1)], 3)).toBeUndefined();
    expect(nextPageParam([], 3)).toBeUndefined();
  });

  it('loads more once the last rendered row is within the look-ahead of the loaded end', () => {
    expect(shouldLoadMore(179, 200, 20)).toBe(true);
    expect(shouldLoadMore(178, 200, 20)).toBe(false);
    expect(shouldLoadMore(199, 200, 20)).toBe(true);
    expect(shouldLoadMore(-1, 0, 20)).toBe(false);
  });
});

describe('a change applied to the loaded pages', () => {
  const a = (appointment_id: number, checked_in = 0) => ({ appointment_id, checked_in }) as Appointment;
  const data: AppointmentPages = {
    pages: [[a(1), a(2)], [a(3)]],
    pageParams: [undefined, { start_date: '2026-06-30T08:00:00.000Z', appointment_id: 2 }],
  };

  it('changes the one row in whichever page holds it and keeps the paging state', () => {
    const next = patchAppointment(data, 3, { checked_in: 1 })!;
    expect(next.pages).toEqual([[a(1), a(2)], [a(3, 1)]]);
    expect(next.pageParams).toBe(data.pageParams);
    // untouched pages keep their identity, so their rows do not re-render
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('leaves a list without the row (or without data) as it is', () => {
    expect(patchAppointment(data, 99, { checked_in: 1 })!.pages).toEqual(data.pages);
    expect(patchAppointment(undefined, 1, { checked_in: 1 })).toBeUndefined();
  });
});
