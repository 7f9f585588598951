import type { InfiniteData } from '@tanstack/react-query';
import type { Appointment, AppointmentListQuery } from '@tz/shared/appointments/appointments.contract';

/**
 * Rows per request while scrolling. A day of a large centre (~1,400 rows)
 * arrives in a handful of pages; the first one answers fast and fills several
 * screens (rows are ~150 px high).
 */
export const APPOINTMENT_PAGE_SIZE = 200;

/** Start loading the next page when the last rendered row is this close to the end of the loaded rows. */
export const LOAD_AHEAD_ROWS = 20;

/** The keyset cursor of the list API: the last row of the previous page. */
export type PageCursor = NonNullable<AppointmentListQuery['after']>;

/** The list's pages as TanStack Query keeps them. */
export type AppointmentPages = InfiniteData<Appointment[], PageCursor | undefined>;

/**
 * The cursor of the page after `lastPage`, or undefined when there is none.
 * A page shorter than the page size is the last; a full page may be followed
 * by an empty one (one more request, never a missing row).
 */
export function nextPageParam(
  lastPage: Pick<Appointment, 'start_date' | 'appointment_id'>[],
  pageSize: number,
): PageCursor | undefined {
  const last = lastPage.at(-1);
  if (!last || lastPage.length < pageSize) return undefined;
  return { start_date: last.start_date, appointment_id: last.appointment_id };
}

/** Whether the rows rendered so far reach close enough to the end of the loaded rows to ask for more. */
export const shouldLoadMore = (lastRenderedIndex: number, loadedRows: number, ahead = LOAD_AHEAD_ROWS) =>
  loadedRows > 0 && lastRenderedIndex >= loadedRows - 1 - ahead;

/** One appointment changed in place, wherever it sits among the loaded pages (no reload of the list). */
export function patchAppointment(
  data: AppointmentPages | undefined,
  appointmentId: number,
  patch: Partial<Appointment>,
): AppointmentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.some((a) => a.appointment_id === appointmentId)
        ? page.map((a) => (a.appointment_id === appointmentId ? { ...a, ...patch } : a))
        : page,
    ),
  };
}
