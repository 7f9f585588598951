import { useMutation } from '@tanstack/react-query';
import {
  downloadReceipt,
  sendConfirmationMail,
  sendReceipt,
  sendReceiptCopy,
} from '@tz/shared/receipts/receipts.contract';
import { api, download } from '../../api/client';
import { useAuth } from '../../auth/use-session';

export function useSendReceipt() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (v: { appointmentId: number; email?: string }) =>
      api(sendReceipt, { params: { staffId, appointmentId: v.appointmentId }, body: { email: v.email } }),
  });
}

export function useSendReceiptCopy() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (v: { appointmentId: number; email: string }) =>
      api(sendReceiptCopy, { params: { staffId, appointmentId: v.appointmentId }, body: { email: v.email } }),
  });
}

export function useDownloadReceipt() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (appointmentId: number) =>
      download(downloadReceipt, { params: { staffId, appointmentId }, fallbackName: `beleg-${appointmentId}.pdf` }),
  });
}

export function useSendConfirmationMail() {
  const { staffId } = useAuth();
  return useMutation({
    mutationFn: (v: { appointmentId: number; customerId: number }) =>
      api(sendConfirmationMail, { params: { staffId, appointmentId: v.appointmentId, customerId: v.customerId } }),
  });
}

/** The prompt's answer: an entered address, else the centre's (core-workflow §5). */
export function receiptAddress(entered: string, centreEmail: string | null | undefined): string | undefined {
  return entered.trim() || centreEmail?.trim() || undefined;
}
