import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type BookingRequest,
  cancelBooking,
  createBooking,
  downloadTestResultPdf,
  getBooking,
  getBookingDays,
  getBookingLegal,
  getBookingPage,
  getBookingSlots,
  openTestResult,
} from '@tz/shared/booking/booking.contract';
import { api, download } from '../../api/client';

/** The centre's booking page by the name in the address (no login). */
export const useBookingPage = (searchName: string) =>
  useQuery({
    queryKey: ['booking', searchName],
    queryFn: () => api(getBookingPage, { params: { searchName } }),
    retry: false,
  });

/** Free slots of a service on a day; always fresh, places go quickly. */
export const useBookingSlots = (searchName: string, serviceId: number | null, date: string | null) =>
  useQuery({
    queryKey: ['booking', searchName, 'slots', serviceId, date],
    queryFn: () => api(getBookingSlots, { params: { searchName }, query: { service_id: serviceId!, date: date! } }),
    enabled: serviceId !== null && date !== null,
    staleTime: 0,
    retry: false,
  });

export const useCreateBooking = (searchName: string) =>
  useMutation({ mutationFn: (body: BookingRequest) => api(createBooking, { params: { searchName }, body }) });

/** A booking by the token of its link. */
export const useBooking = (token: string) =>
  useQuery({
    queryKey: ['booking', 'token', token],
    queryFn: () => api(getBooking, { params: { token } }),
    retry: false,
  });

export const useCancelBooking = (token: string) =>
  useMutation({ mutationFn: () => api(cancelBooking, { params: { token } }) });

/** The result behind a mailed link, opened with the birthday. */
export const useOpenTestResult = (token: string) =>
  useMutation({ mutationFn: (birthday: string) => api(openTestResult, { params: { token }, body: { birthday } }) });

export const downloadResultPdf = (token: string, birthday: string) =>
  download(downloadTestResultPdf, { params: { token }, body: { birthday }, fallbackName: 'testbescheinigung.pdf' });

/** The month's days the calendar greys out, with their reasons. */
export const useBookingDays = (searchName: string, month: string) =>
  useQuery({
    queryKey: ['booking', searchName, 'days', month],
    queryFn: () => api(getBookingDays, { params: { searchName }, query: { month } }),
    retry: false,
  });

/** The centre's legal settings for the generated imprint and privacy statement. */
export const useBookingLegal = (searchName: string) =>
  useQuery({
    queryKey: ['booking', searchName, 'legal'],
    queryFn: () => api(getBookingLegal, { params: { searchName } }),
    retry: false,
  });
