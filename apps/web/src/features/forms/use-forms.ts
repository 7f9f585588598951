import { useMutation, useQuery } from '@tanstack/react-query';
import {
  getCheckInForm,
  getFormAnswers,
  getFormLink,
  getVaccinationData,
  saveVaccinationData,
  sendFormQrMail,
  submitCheckInForm,
  type VaccinationData,
} from '@tz/shared/forms/forms.contract';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { useInvalidateAppointments } from './use-invite-to-form';

/** The public form by its link (no login). */
export const useCheckInForm = (formID: string, token: string) =>
  useQuery({
    queryKey: ['forms', 'public', formID, token],
    queryFn: () => api(getCheckInForm, { params: { formID }, query: { token } }),
  });

export function useSubmitCheckInForm(formID: string) {
  return useMutation({
    mutationFn: (body: { jwt: string; answers: { questionID: number; answer: string; extended: boolean }[] }) =>
      api(submitCheckInForm, { params: { formID }, body }),
  });
}

export function useFormLink(token: string) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['forms', staffId, 'link', token],
    queryFn: () => api(getFormLink, { params: { staffId, token } }),
    // A fresh link each time the dialog opens: form tokens expire.
    staleTime: 0,
  });
}

export function useFormAnswers(customerAppointmentId: string) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['forms', staffId, 'answers', customerAppointmentId],
    queryFn: () => api(getFormAnswers, { params: { staffId, customerAppointmentId } }),
  });
}

export function useSendFormQrMail() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (customerAppointmentId: number) => api(sendFormQrMail, { params: { staffId, customerAppointmentId } }),
  });
}

export function useVaccinationData(token: string) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['forms', staffId, 'vaccination', token],
    queryFn: () => api(getVaccinationData, { params: { staffId, token } }),
  });
}

export function useSaveVaccinationData(token: string) {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: (body: VaccinationData) => api(saveVaccinationData, { params: { staffId, token }, body }),
    onSuccess: invalidate,
  });
}
