import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPcrLab,
  type LabelFormat,
  listPcrAppointments,
  listPcrLabs,
  listPcrOrders,
  orderPcrProducts,
  type PcrLabBody,
  type PcrOrderBody,
  sampleLabelPdf,
  setPcrLabSelected,
  updatePcrLab,
} from '@tz/shared/pcr-labs/pcr-labs.contract';
import { api, download } from '../../api/client';

export const pcrKeys = {
  labs: (staffId: number) => ['pcr-labs', staffId, 'labs'] as const,
  appointments: (staffId: number, from: string, to: string) => ['pcr-labs', staffId, 'appointments', from, to] as const,
  orders: (staffId: number) => ['pcr-labs', staffId, 'orders'] as const,
};

export const usePcrLabs = (staffId: number) =>
  useQuery({ queryKey: pcrKeys.labs(staffId), queryFn: () => api(listPcrLabs, { params: { staffId } }) });

export function useSavePcrLab(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; body: PcrLabBody }) =>
      v.id === undefined
        ? api(createPcrLab, { params: { staffId }, body: v.body })
        : api(updatePcrLab, { params: { staffId, labId: v.id }, body: v.body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['pcr-labs', staffId] });
      // show_sidebar decides the sidebar entry 'PCR-Labore' (session answer pcr_sidebar)
      void qc.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export const usePcrAppointments = (staffId: number, from: string, to: string) =>
  useQuery({
    queryKey: pcrKeys.appointments(staffId, from, to),
    queryFn: () => api(listPcrAppointments, { params: { staffId }, query: { from, to } }),
    enabled: !!from && !!to,
  });

export function useSetPcrLab(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { appointmentId: number; labId: number | null }) =>
      api(setPcrLabSelected, {
        params: { staffId, appointmentId: v.appointmentId },
        body: { pcr_lab_id_selected: v.labId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['pcr-labs', staffId, 'appointments'] }),
  });
}

export function useSampleLabel(staffId: number) {
  return useMutation({
    mutationFn: (v: { appointmentId: number; format: LabelFormat }) =>
      download(sampleLabelPdf, {
        params: { staffId, appointmentId: v.appointmentId },
        query: { format: v.format },
        fallbackName: `probenetikett-${v.appointmentId}.pdf`,
      }),
  });
}

export const usePcrOrders = (staffId: number) =>
  useQuery({ queryKey: pcrKeys.orders(staffId), queryFn: () => api(listPcrOrders, { params: { staffId } }) });

export function useOrderPcrProducts(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PcrOrderBody) => api(orderPcrProducts, { params: { staffId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pcrKeys.orders(staffId) }),
  });
}
