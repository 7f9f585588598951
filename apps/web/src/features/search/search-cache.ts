import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import type { SearchResult } from '@tz/shared/search/search.contract';

/** The query keys of a centre's searches; without the text it matches all of them. */
export const searchKey = (staffId: number, queryString?: string) =>
  ['search', staffId, ...(queryString === undefined ? [] : [queryString])] as const;

/**
 * One appointment changed in the cached results of a search, from the change's
 * own answer (check-in, status, payment classification, result): the row shows
 * what the server stored at once, before and whatever the repeated search answers.
 */
export function patchSearchResult(
  data: SearchResult | undefined,
  appointmentId: number,
  patch: Partial<Appointment>,
): SearchResult | undefined {
  if (!data?.data.appointments.some((a) => a.appointment_id === appointmentId)) return data;
  return {
    data: {
      ...data.data,
      appointments: data.data.appointments.map((a) => (a.appointment_id === appointmentId ? { ...a, ...patch } : a)),
    },
  };
}
