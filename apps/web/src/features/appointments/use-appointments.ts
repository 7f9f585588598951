import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { appointmentOf } from '@tz/shared/appointments/appointment-values';
import type {
  Appointment,
  AppointmentListQuery,
  AppointmentStatus,
} from '@tz/shared/appointments/appointments.contract';
import type { SearchResult } from '@tz/shared/search/search.contract';
import { api, download } from '../../api/client';
import {
  checkInAppointmentEndpoint as checkInAppointment,
  countAppointmentsEndpoint as countAppointments,
  getAppointmentOptionsEndpoint as getAppointmentOptions,
  getTodayFiguresEndpoint as getTodayFigures,
  listAppointmentsEndpoint as listAppointments,
  listAppointmentsAtEndpoint as listAppointmentsAt,
  listPaymentClassificationsEndpoint as listPaymentClassifications,
  setAppointmentResultEndpoint as setAppointmentResult,
  setAppointmentStatusEndpoint as setAppointmentStatus,
  setPaymentClassificationEndpoint as setPaymentClassification,
} from '../../api/list-endpoints';
import { patchSearchResult, searchKey } from '../search/search-cache';
import {
  APPOINTMENT_PAGE_SIZE,
  type AppointmentPage,
  type AppointmentPages,
  earlierPageOffset,
  nextPageParam,
  PAGE_AT_LEAD,
  type PageParam,
  patchAppointment,
  previousPageParam,
} from './appointment-pages';

type ListBody = Omit<AppointmentListQuery, 'staff_id'>;
/** The query keys of a centre's appointments; a key without its last parts matches all of its kind. */
export const appointmentKeys = {
  all: (staffId: number) => ['appointments', staffId] as const,
  list: (staffId: number, body?: ListBody, at?: string | null) =>
    ['appointments', staffId, 'list', ...(body ? [body, at ?? null] : [])] as const,
  count: (staffId: number, body?: ListBody) => ['appointments', staffId, 'count', ...(body ? [body] : [])] as const,
  today: (staffId: number) => ['appointments', staffId, 'today'] as const,
  /** One appointment of the edit screen. */
  one: (staffId: number, appointmentId: number, customerId?: number) =>
    ['appointments', staffId, 'one', appointmentId, ...(customerId === undefined ? [] : [customerId])] as const,
};
const keys = appointmentKeys;

/** One page of the list, whichever way it is asked for (the answer's rows come as their values). */
async function fetchPage(staffId: number, body: ListBody, param: PageParam): Promise<AppointmentPage> {
  const limit = APPOINTMENT_PAGE_SIZE;
  if (param.kind === 'at') {
    const page = await api(listAppointmentsAt, {
      params: { staffId },
      body: { ...body, at: param.at, limit, lead: PAGE_AT_LEAD },
    });
    return { offset: page.offset, rows: page.rows.map(appointmentOf), hasMore: page.has_more };
  }
  const cursor =
    param.kind === 'after' ? { after: param.cursor } : param.kind === 'before' ? { before: param.cursor } : {};
  const answer = await api(listAppointments, { params: { staffId }, body: { ...body, limit, ...cursor } });
  const rows = answer.map(appointmentOf);
  if (param.kind === 'before') return { offset: earlierPageOffset(param.offset, rows.length, limit), rows };
  return { offset: param.kind === 'after' ? param.offset : 0, rows };
}

/**
 * The list's query: keyset pages of APPOINTMENT_PAGE_SIZE rows from the start
 * of the range, or (with `at`, the screen's 'now') from the page that contains
 * that moment, with the earlier pages loaded backwards when scrolled to.
 *
 * Without structural sharing: TanStack Query compares the new pages with the
 * old ones index by index, so an earlier page put in front made it compare
 * (and copy) every loaded row with its neighbour page's — once per page, all
 * rows each time: most of the main thread while scrolling up through the
 * 30-day window (42,000 rows, 210 pages). A loaded page never changes; a
 * change of a row (patchAppointment) replaces that row alone.
 */
export const appointmentListOptions = (staffId: number, body: ListBody, at: string | null) =>
  infiniteQueryOptions<AppointmentPage, Error, AppointmentPages, QueryKey, PageParam>({
    queryKey: keys.list(staffId, body, at),
    queryFn: ({ pageParam }) => fetchPage(staffId, body, pageParam),
    initialPageParam: at ? { kind: 'at', at } : { kind: 'first' },
    getNextPageParam: (lastPage) => nextPageParam(lastPage, APPOINTMENT_PAGE_SIZE),
    getPreviousPageParam: (firstPage) => previousPageParam(firstPage),
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });

/** The list (appointmentListOptions); the total is useAppointmentCount's. */
export const useAppointments = (staffId: number, body: ListBody, at: string | null) =>
  useInfiniteQuery(appointmentListOptions(staffId, body, at));

export const useAppointmentCount = (staffId: number, body: ListBody, enabled: boolean) =>
  useQuery({
    queryKey: keys.count(staffId, body),
    queryFn: () => api(countAppointments, { params: { staffId }, body }),
    enabled,
  });

export const useAppointmentOptions = (staffId: number) =>
  useQuery({
    queryKey: ['appointments', staffId, 'options'],
    queryFn: () => api(getAppointmentOptions, { params: { staffId } }),
    staleTime: 60_000,
  });

export const usePaymentClassifications = (staffId: number) =>
  useQuery({
    queryKey: ['appointments', staffId, 'payment-classifications'],
    queryFn: () => api(listPaymentClassifications, { params: { staffId } }),
    staleTime: 5 * 60_000,
  });

export const useTodayFigures = (staffId: number) =>
  useQuery({ queryKey: keys.today(staffId), queryFn: () => api(getTodayFigures, { params: { staffId } }) });

export const downloadAppointmentsCsv = (staffId: number, body: ListBody) =>
  download(listAppointments, { params: { staffId }, body, accept: 'text/csv', fallbackName: 'termine.csv' });

/**
 * After a change the answer is applied to the cached lists (no reload of the
 * list), and counts and today's figures are fetched again.
 */
function usePatch(staffId: number) {
  const qc = useQueryClient();
  return (appointmentId: number, patch: Partial<Appointment>) => {
    qc.setQueriesData<AppointmentPages>({ queryKey: keys.list(staffId) }, (old) =>
      patchAppointment(old, appointmentId, patch),
    );
    // The same rows on the search results (issue 29): no switch falls back while the search is repeated.
    qc.setQueriesData<SearchResult>({ queryKey: searchKey(staffId) }, (old) =>
      patchSearchResult(old, appointmentId, patch),
    );
    void qc.invalidateQueries({ queryKey: keys.count(staffId) });
    void qc.invalidateQueries({ queryKey: keys.today(staffId) });
  };
}

export function useSetStatus(staffId: number) {
  const patch = usePatch(staffId);
  return useMutation({
    mutationFn: (v: { a: Appointment; status: AppointmentStatus }) =>
      api(setAppointmentStatus, {
        params: { staffId, appointmentId: v.a.appointment_id },
        body: { id: v.a.appointment_id, customer_id: v.a.customer_id, status: v.status },
      }),
    onSuccess: (r, v) => patch(v.a.appointment_id, { status: r.status }),
  });
}

export function useCheckIn(staffId: number) {
  const patch = usePatch(staffId);
  return useMutation({
    mutationFn: (v: { a: Appointment; value: 0 | 1 }) =>
      api(checkInAppointment, {
        params: { staffId, appointmentId: v.a.appointment_id },
        body: { staff_id: staffId, customer_id: v.a.customer_id, value: v.value },
      }),
    onSuccess: (r, v) => patch(v.a.appointment_id, { checked_in: r.value }),
  });
}

export function useSetClassification(staffId: number) {
  const patch = usePatch(staffId);
  return useMutation({
    mutationFn: (v: { a: Appointment; newClassification: number | null; checkedBy?: string }) =>
      api(setPaymentClassification, {
        params: { staffId, appointmentId: v.a.appointment_id },
        body: { customer_id: v.a.customer_id, newClassification: v.newClassification, checkedBy: v.checkedBy ?? null },
      }),
    onSuccess: (r, v) => patch(v.a.appointment_id, r),
  });
}

export function useSetResult(staffId: number) {
  const patch = usePatch(staffId);
  return useMutation({
    mutationFn: (v: { a: Appointment; res_detected: 1 | 2 | 4; res_date: string }) =>
      api(setAppointmentResult, {
        params: { staffId, appointmentId: v.a.appointment_id },
        body: { customer_id: v.a.customer_id, res_detected: v.res_detected, res_date: v.res_date },
      }),
    onSuccess: (r, v) => patch(v.a.appointment_id, r),
  });
}
