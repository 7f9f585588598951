import type { InfiniteData } from '@tanstack/react-query';
import type { Appointment, AppointmentListQuery } from '@tz/shared/appointments/appointments.contract';

/**
 * Rows per request while scrolling. A day of a large centre (~1,400 rows)
 * arrives in a handful of pages; the first one answers fast and fills several
 * screens (rows are ~150 px high).
 */
export const APPOINTMENT_PAGE_SIZE = 200;

/**
 * Rows of the page around 'now' that lie before it: the rows shown above the
 * 'now' row when it is brought to the middle of a tall screen (about 30
 * compact lines), so the earlier pages are only asked for when the user
 * scrolls up.
 */
export const PAGE_AT_LEAD = 50;

/** Start loading the next page when the last rendered row is this close to the end of the loaded rows. */
export const LOAD_AHEAD_ROWS = 20;

/** Start loading the earlier page when the first rendered row is this close to the first loaded row. */
export const LOAD_BEHIND_ROWS = 10;

/** The keyset cursor of the list API: a row's place in the list's order. */
export type PageCursor = NonNullable<AppointmentListQuery['after']>;

/**
 * Which page to ask for: the start of the range, the page that contains a
 * moment ('now'; the server answers its offset), or the rows after or before
 * a loaded row. `offset` is the place in the whole list of the first row that
 * follows the cursor (after) or of the cursor's row itself (before).
 */
export type PageParam =
  | { kind: 'first' }
  | { kind: 'at'; at: string }
  | { kind: 'after'; cursor: PageCursor; offset: number }
  | { kind: 'before'; cursor: PageCursor; offset: number };

/**
 * One loaded page: its rows and the place of the first of them in the whole
 * list; `hasMore` where the server said whether rows follow (the page around
 * 'now'), else the page's length tells.
 */
export interface AppointmentPage {
  offset: number;
  rows: Appointment[];
  hasMore?: boolean;
}

/** The list's pages as TanStack Query keeps them. */
export type AppointmentPages = InfiniteData<AppointmentPage, PageParam>;

const cursorOf = (a: Pick<Appointment, 'start_date' | 'appointment_id'>): PageCursor => ({
  start_date: a.start_date,
  appointment_id: a.appointment_id,
});

/**
 * The page after `lastPage`, or undefined when there is none. A page shorter
 * than the page size is the last; a full page may be followed by an empty one
 * (one more request, never a missing row).
 */
export function nextPageParam(
  lastPage: { offset: number; rows: Pick<Appointment, 'start_date' | 'appointment_id'>[]; hasMore?: boolean },
  pageSize: number,
): PageParam | undefined {
  const last = lastPage.rows.at(-1);
  if (!last || lastPage.hasMore === false || lastPage.rows.length < pageSize) return undefined;
  return { kind: 'after', cursor: cursorOf(last), offset: lastPage.offset + lastPage.rows.length };
}

/** The page before `firstPage`, or undefined when it starts the list. */
export function previousPageParam(firstPage: {
  offset: number;
  rows: Pick<Appointment, 'start_date' | 'appointment_id'>[];
}): PageParam | undefined {
  const first = firstPage.rows[0];
  if (!first || firstPage.offset <= 0) return undefined;
  return { kind: 'before', cursor: cursorOf(first), offset: firstPage.offset };
}

/**
 * The place of an earlier page's first row: the rows before the cursor's row
 * less the ones that came. A page shorter than asked for reached the start
 * of the list (even when rows were added or removed meanwhile).
 */
export const earlierPageOffset = (cursorOffset: number, rows: number, pageSize: number) =>
  rows < pageSize ? 0 : Math.max(0, cursorOffset - rows);

/** Whether the rows rendered so far reach close enough to the end of the loaded rows to ask for more. */
export const shouldLoadMore = (lastRenderedIndex: number, loadedRows: number, ahead = LOAD_AHEAD_ROWS) =>
  loadedRows > 0 && lastRenderedIndex >= loadedRows - 1 - ahead;

/**
 * Whether the first rendered row comes close enough to the first loaded row
 * (the rows above it are not loaded yet) to ask for the earlier page. Indexes
 * count the whole list, `firstLoaded` is the first loaded page's offset.
 */
export const shouldLoadEarlier = (firstRenderedIndex: number, firstLoaded: number, behind = LOAD_BEHIND_ROWS) =>
  firstLoaded > 0 && firstRenderedIndex >= 0 && firstRenderedIndex <= firstLoaded + behind;

/** The loaded rows in list order, and the place of the first of them in the whole list. */
export function loadedRows(data: AppointmentPages | undefined): { firstOffset: number; rows: Appointment[] } {
  if (!data || data.pages.length === 0) return { firstOffset: 0, rows: [] };
  return { firstOffset: data.pages[0]!.offset, rows: data.pages.flatMap((p) => p.rows) };
}

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
      page.rows.some((a) => a.appointment_id === appointmentId)
        ? { ...page, rows: page.rows.map((a) => (a.appointment_id === appointmentId ? { ...a, ...patch } : a)) }
        : page,
    ),
  };
}
