import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentDetail } from '@tz/shared/appointments/appointment-edit.contract';
import { api, download } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { type AppointmentPages, patchAppointment } from '../appointments/appointment-pages';
import { appointmentKeys } from '../appointments/use-appointments';

/**
 * The contract is imported when a call is made: these actions sit in every appointment row, and a
 * static import would put the contract's zod schemas into the list's first download (issue 28).
 */
const contract = () => import('@tz/shared/receipts/receipts.contract');

/**
 * A receipt was issued (sent or downloaded): the appointment shows it in the
 * loaded list pages and on its edit screen at once, so 'Belegkopie' opens up
 * without reloading the list.
 */
export function markReceiptIssued(qc: QueryClient, staffId: number, appointmentId: number) {
  qc.setQueriesData<AppointmentPages>({ queryKey: appointmentKeys.list(staffId) }, (old) =>
    patchAppointment(old, appointmentId, { has_receipt: true }),
  );
  qc.setQueriesData<AppointmentDetail>({ queryKey: appointmentKeys.one(staffId, appointmentId) }, (old) =>
    old ? { ...old, has_receipt: true } : old,
  );
}

export function useSendReceipt() {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { appointmentId: number; email?: string }) =>
      api((await contract()).sendReceipt, {
        params: { staffId, appointmentId: v.appointmentId },
        body: { email: v.email },
      }),
    onSuccess: (_, v) => markReceiptIssued(qc, staffId, v.appointmentId),
  });
}

export function useSendReceiptCopy() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: async (v: { appointmentId: number; email: string }) =>
      api((await contract()).sendReceiptCopy, {
        params: { staffId, appointmentId: v.appointmentId },
        body: { email: v.email },
      }),
  });
}

export function useDownloadReceipt() {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentId: number) =>
      download((await contract()).downloadReceipt, {
        params: { staffId, appointmentId },
        fallbackName: `beleg-${appointmentId}.pdf`,
      }),
    // the first download issues the receipt
    onSuccess: (_, appointmentId) => markReceiptIssued(qc, staffId, appointmentId),
  });
}

export function useSendConfirmationMail() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: async (v: { appointmentId: number; customerId: number }) =>
      api((await contract()).sendConfirmationMail, {
        params: { staffId, appointmentId: v.appointmentId, customerId: v.customerId },
      }),
  });
}

/** The prompt's answer: an entered address, else the centre's (core-workflow §5). */
export function receiptAddress(entered: string, centreEmail: string | null | undefined): string | undefined {
  return entered.trim() || centreEmail?.trim() || undefined;
}
