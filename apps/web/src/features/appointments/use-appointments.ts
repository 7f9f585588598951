import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Appointment,
  type AppointmentListQuery,
  type AppointmentStatus,
  checkInAppointment,
  countAppointments,
  getAppointmentOptions,
  getTodayFigures,
  listAppointments,
  listPaymentClassifications,
  setAppointmentResult,
  setAppointmentStatus,
  setPaymentClassification,
} from '@tz/shared/appointments/appointments.contract';
import type { SearchResult } from '@tz/shared/search/search.contract';
import { api, download } from '../../api/client';
import { patchSearchResult, searchKey } from '../search/search-cache';
import {
  APPOINTMENT_PAGE_SIZE,
  type AppointmentPages,
  nextPageParam,
  type PageCursor,
  patchAppointment,
} from './appointment-pages';

type ListBody = Omit<AppointmentListQuery, 'staff_id'>;
/** The query keys of a centre's appointments; a key without its last parts matches all of its kind. */
export const appointmentKeys = {
  all: (staffId: number) => ['appointments', staffId] as const,
  list: (staffId: number, body?: ListBody) => ['appointments', staffId, 'list', ...(body ? [body] : [])] as const,
  count: (staffId: number, body?: ListBody) => ['appointments', staffId, 'count', ...(body ? [body] : [])] as const,
  today: (staffId: number) => ['appointments', staffId, 'today'] as const,
  /** One appointment of the edit screen. */
  one: (staffId: number, appointmentId: number, customerId?: number) =>
    ['appointments', staffId, 'one', appointmentId, ...(customerId === undefined ? [] : [customerId])] as const,
};
const keys = appointmentKeys;

/**
 * The list in keyset pages of APPOINTMENT_PAGE_SIZE rows (the screen asks for
 * the next page while scrolling); the total is useAppointmentCount's.
 */
export const useAppointments = (staffId: number, body: ListBody) =>
  useInfiniteQuery({
    queryKey: keys.list(staffId, body),
    queryFn: ({ pageParam }) =>
      api(listAppointments, {
        params: { staffId },
        body: { ...body, limit: APPOINTMENT_PAGE_SIZE, ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: undefined as PageCursor | undefined,
    getNextPageParam: (lastPage) => nextPageParam(lastPage, APPOINTMENT_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

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
