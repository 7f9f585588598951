import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_PAGE_SIZE, type AppointmentPage, type PageParam } from './appointment-pages';
import { appointmentListOptions } from './use-appointments';

/** The rows from `offset` on, one a minute. */
const rowsFrom = (offset: number): Appointment[] =>
  Array.from(
    { length: APPOINTMENT_PAGE_SIZE },
    (_, i) =>
      ({
        appointment_id: offset + i + 1,
        start_date: new Date(Date.UTC(2026, 5, 30) + (offset + i) * 60_000).toISOString(),
        customer_lastname: `Kunde ${offset + i}`,
      }) as Appointment,
  );

/** A list of 1,000 rows whose page at 'now' starts at row 600, and its earlier pages. */
const pageOf = async ({ pageParam }: { pageParam: PageParam }): Promise<AppointmentPage> => {
  const offset = pageParam.kind === 'before' ? pageParam.offset - APPOINTMENT_PAGE_SIZE : 600;
  return { offset, rows: rowsFrom(offset), hasMore: true };
};

describe('the list while earlier pages arrive', () => {
  it('keeps every loaded page and row as it was, without comparing them again', async () => {
    const observer = new InfiniteQueryObserver(new QueryClient(), {
      ...appointmentListOptions(2, { startdate: 0, enddate: 1 }, '2026-06-30T10:00:00.000Z'),
      queryFn: pageOf,
    });
    const stop = observer.subscribe(() => {});
    try {
      await observer.refetch();
      await observer.fetchPreviousPage();
      const second = observer.getCurrentResult().data!.pages;
      expect(second.map((p) => p.offset)).toEqual([400, 600]);
      await observer.fetchPreviousPage();
      const third = observer.getCurrentResult().data!.pages;
      expect(third.map((p) => p.offset)).toEqual([200, 400, 600]);
      // Compared index by index (structural sharing), the page in front of the new one came back as a
      // copy of every row: a new object for each, built again for every earlier page.
      expect(third[1]).toBe(second[0]);
      expect(third[2]).toBe(second[1]);
    } finally {
      stop();
    }
  });
});
