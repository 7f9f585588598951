import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AppointmentUpdate,
  type AppointmentWithCustomer,
  bulkUpdateServices,
  createAppointmentForCustomer,
  createAppointmentWithCustomer,
  getAppointment,
  listCustomerAppointments,
  listDisabledAppointments,
  type NewAppointment,
  updateAppointment,
} from '@tz/shared/appointments/appointment-edit.contract';
import { listFreeSlots } from '@tz/shared/schedule/schedule.contract';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { appointmentKeys } from './use-appointments';

export const useAppointment = (appointmentId: number, customerId: number) => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: appointmentKeys.one(staffId, appointmentId, customerId),
    queryFn: () => api(getAppointment, { params: { staffId, appointmentId, customerId } }),
  });
};

export const useCustomerAppointments = (customerId: number) => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['appointments', staffId, 'customer', customerId],
    queryFn: () => api(listCustomerAppointments, { params: { staffId, customerId } }),
  });
};

export const useDisabledAppointments = () => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['appointments', staffId, 'disabled'],
    queryFn: () => api(listDisabledAppointments, { params: { staffId } }),
  });
};

/** The free slots of a service on a date ('YYYY-MM-DD'); stale after every appointment write (same key root). */
export const useFreeSlots = (serviceId: number | null, date: string | null) => {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['appointments', staffId, 'free-slots', serviceId, date],
    queryFn: () => api(listFreeSlots, { params: { staffId }, query: { service_id: serviceId!, date: date! } }),
    enabled: !!serviceId && !!date,
  });
};

/** Every appointment query of the centre is stale after a write. */
function useInvalidateAppointments() {
  const qc = useQueryClient();
  const { staffId } = useAuth();
  return () => qc.invalidateQueries({ queryKey: ['appointments', staffId] });
}

export function useUpdateAppointment(appointmentId: number) {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (body: AppointmentUpdate) => api(updateAppointment, { params: { staffId, appointmentId }, body }),
    onSuccess: invalidate,
  });
}

export function useCreateForCustomer(customerId: number) {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (body: NewAppointment) => api(createAppointmentForCustomer, { params: { staffId, customerId }, body }),
    onSuccess: invalidate,
  });
}

export function useCreateWithCustomer() {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentWithCustomer) => api(createAppointmentWithCustomer, { params: { staffId }, body }),
    onSuccess: () => {
      invalidate();
      qc.invalidateQueries({ queryKey: ['customers', staffId] });
    },
  });
}

export function useBulkUpdateServices() {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (appointments: Record<string, number>) =>
      api(bulkUpdateServices, { params: { staffId }, body: { staff_id: staffId, appointments } }),
    onSuccess: invalidate,
  });
}
