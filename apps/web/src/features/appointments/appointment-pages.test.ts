import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentPages,
  earlierPageOffset,
  loadedRows,
  nextPageParam,
  patchAppointment,
  previousPageParam,
  shouldLoadEarlier,
  shouldLoadMore,
} from './appointment-pages';

const row = (appointment_id: number, minute: number) => ({
  appointment_id,
  start_date: `2026-06-30T08:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('keyset paging of the appointments list', () => {
  it('asks for the rows after the last row of a full page, counting on from its place', () => {
    const rows = [row(7, 0), row(3, 5), row(9, 5)];
    expect(nextPageParam({ offset: 40, rows }, 3)).toEqual({
      kind: 'after',
      cursor: { start_date: '2026-06-30T08:05:00.000Z', appointment_id: 9 },
      offset: 43,
    });
  });

  it('stops after the page around now when the server says no rows follow it, full or not', () => {
    const rows = [row(7, 0), row(3, 5), row(9, 5)];
    expect(nextPageParam({ offset: 40, rows, hasMore: false }, 3)).toBeUndefined();
    expect(nextPageParam({ offset: 40, rows, hasMore: true }, 3)).toMatchObject({ kind: 'after', offset: 43 });
  });

  it('stops after a page shorter than the page size, and after an empty page', () => {
    expect(nextPageParam({ offset: 0, rows: [row(1, 0), row(2, 1)] }, 3)).toBeUndefined();
    expect(nextPageParam({ offset: 0, rows: [] }, 3)).toBeUndefined();
  });

  it('asks for the rows before the first loaded row while rows lie before it', () => {
    expect(previousPageParam({ offset: 250, rows: [row(4, 1), row(5, 2)] })).toEqual({
      kind: 'before',
      cursor: { start_date: '2026-06-30T08:01:00.000Z', appointment_id: 4 },
      offset: 250,
    });
    expect(previousPageParam({ offset: 0, rows: [row(4, 1)] })).toBeUndefined();
    expect(previousPageParam({ offset: 3, rows: [] })).toBeUndefined();
  });

  it("places an earlier page before the cursor's row, and at the start when it came short", () => {
    expect(earlierPageOffset(250, 200, 200)).toBe(50);
    expect(earlierPageOffset(200, 200, 200)).toBe(0);
    // Rows were deleted meanwhile: the page is the first all the same.
    expect(earlierPageOffset(250, 30, 200)).toBe(0);
  });

  it('loads more once the last rendered row is within the look-ahead of the loaded end', () => {
    expect(shouldLoadMore(179, 200, 20)).toBe(true);
    expect(shouldLoadMore(178, 200, 20)).toBe(false);
    expect(shouldLoadMore(199, 200, 20)).toBe(true);
    expect(shouldLoadMore(-1, 0, 20)).toBe(false);
  });

  it('loads the earlier page only once the first rendered row comes near the first loaded one', () => {
    expect(shouldLoadEarlier(160, 150, 10)).toBe(true);
    expect(shouldLoadEarlier(120, 150, 10)).toBe(true);
    expect(shouldLoadEarlier(161, 150, 10)).toBe(false);
    expect(shouldLoadEarlier(0, 0, 10)).toBe(false);
    expect(shouldLoadEarlier(-1, 150, 10)).toBe(false);
  });
});

describe('a change applied to the loaded pages', () => {
  const a = (appointment_id: number, checked_in = 0) => ({ appointment_id, checked_in }) as Appointment;
  const data: AppointmentPages = {
    pages: [
      { offset: 10, rows: [a(1), a(2)] },
      { offset: 12, rows: [a(3)] },
    ],
    pageParams: [
      { kind: 'at', at: '2026-06-30T08:00:00.000Z' },
      { kind: 'after', cursor: { start_date: '2026-06-30T08:00:00.000Z', appointment_id: 2 }, offset: 12 },
    ],
  };

  it('reads the loaded rows in order with the place of the first', () => {
    expect(loadedRows(data)).toEqual({ firstOffset: 10, rows: [a(1), a(2), a(3)] });
    expect(loadedRows(undefined)).toEqual({ firstOffset: 0, rows: [] });
  });

  it('changes the one row in whichever page holds it and keeps the paging state', () => {
    const next = patchAppointment(data, 3, { checked_in: 1 })!;
    expect(next.pages).toEqual([
      { offset: 10, rows: [a(1), a(2)] },
      { offset: 12, rows: [a(3, 1)] },
    ]);
    expect(next.pageParams).toBe(data.pageParams);
    // untouched pages keep their identity, so their rows do not re-render
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('leaves a list without the row (or without data) as it is', () => {
    expect(patchAppointment(data, 99, { checked_in: 1 })!.pages).toEqual(data.pages);
    expect(patchAppointment(undefined, 1, { checked_in: 1 })).toBeUndefined();
  });
});
