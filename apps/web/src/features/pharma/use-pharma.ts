import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listCustomers } from '@tz/shared/customers/customers.contract';
import {
  activateRx,
  billUsages,
  createPharmaProduct,
  createRx,
  createUsage,
  deletePharmaProduct,
  deleteRxDocument,
  deleteUsage,
  downloadRxDocument,
  getPharmaBilling,
  getRx,
  getUsage,
  listPharmaProducts,
  listRx,
  listRxDocuments,
  type ProductBody,
  type RxBody,
  type UsageBody,
  updatePharmaProduct,
  updateRx,
  updateUsage,
  uploadRxDocument,
} from '@tz/shared/pharma/pharma.contract';
import { api, download } from '../../api/client';

const key = (staffId: number) => ['pharma', staffId] as const;

export const useRxList = (staffId: number, range: { startdate: number; enddate: number }) =>
  useQuery({
    queryKey: [...key(staffId), 'rx', range],
    queryFn: () => api(listRx, { params: { staffId }, query: range }),
  });

export const useRx = (staffId: number, rxId: number | null) =>
  useQuery({
    queryKey: [...key(staffId), 'rx', rxId],
    queryFn: () => api(getRx, { params: { staffId, rxId: rxId! } }),
    enabled: rxId !== null,
  });

export const useUsage = (staffId: number, rxId: number, usageId: number | null) =>
  useQuery({
    queryKey: [...key(staffId), 'usage', rxId, usageId],
    queryFn: () => api(getUsage, { params: { staffId, rxId, usageId: usageId! } }),
    enabled: usageId !== null,
  });

/** Every pharmacy mutation refreshes the whole area (lists, prescription, billing). */
function usePharmaMutation<T, R>(staffId: number, fn: (v: T) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: key(staffId) }) });
}

export const useSaveRx = (staffId: number) =>
  usePharmaMutation(staffId, ({ rxId, body }: { rxId: number | null; body: RxBody }) =>
    rxId === null
      ? api(createRx, { params: { staffId }, body: { ...body, staff_id: staffId } as never })
      : api(updateRx, { params: { staffId, rxId }, body: { ...body, staff_id: staffId } as never }),
  );

export const useActivateRx = (staffId: number) =>
  usePharmaMutation(staffId, (rxId: number) => api(activateRx, { params: { staffId, rxId } }));

export const useSaveUsage = (staffId: number, rxId: number) =>
  usePharmaMutation(staffId, ({ usageId, body }: { usageId: number | null; body: UsageBody }) =>
    usageId === null
      ? api(createUsage, { params: { staffId, rxId }, body: body as never })
      : api(updateUsage, { params: { staffId, rxId, usageId }, body: body as never }),
  );

export const useDeleteUsage = (staffId: number, rxId: number) =>
  usePharmaMutation(staffId, (usageId: number) => api(deleteUsage, { params: { staffId, rxId, usageId } }));

export const useBillUsages = (staffId: number) =>
  usePharmaMutation(staffId, (usage_ids: number[]) =>
    api(billUsages, { params: { staffId }, body: { staff_id: staffId, usage_ids } }),
  );

export const useBilling = (staffId: number, month: string) =>
  useQuery({
    queryKey: [...key(staffId), 'billing', month],
    queryFn: () => api(getPharmaBilling, { params: { staffId }, query: { month } }),
  });

export const useRxDocuments = (staffId: number, rxId: number) =>
  useQuery({
    queryKey: [...key(staffId), 'documents', rxId],
    queryFn: () => api(listRxDocuments, { params: { staffId, rxId } }),
  });

export const useUploadDocument = (staffId: number, rxId: number) =>
  usePharmaMutation(staffId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api(uploadRxDocument, { params: { staffId, rxId }, body: form as never });
  });

export const useDeleteDocument = (staffId: number, rxId: number) =>
  usePharmaMutation(staffId, (documentId: number) => api(deleteRxDocument, { params: { staffId, rxId, documentId } }));

export const downloadDocument = (staffId: number, rxId: number, documentId: number, name: string) =>
  download(downloadRxDocument, { params: { staffId, rxId, documentId }, accept: '*/*', fallbackName: name });

export const useProducts = (staffId: number) =>
  useQuery({
    queryKey: [...key(staffId), 'products'],
    queryFn: () => api(listPharmaProducts, { params: { staffId } }),
  });

export const useSaveProduct = (staffId: number) =>
  usePharmaMutation(staffId, ({ productId, body }: { productId: number | null; body: ProductBody }) =>
    productId === null
      ? api(createPharmaProduct, { params: { staffId }, body: body as never })
      : api(updatePharmaProduct, { params: { staffId, productId }, body: body as never }),
  );

export const useDeleteProduct = (staffId: number) =>
  usePharmaMutation(staffId, (productId: number) => api(deletePharmaProduct, { params: { staffId, productId } }));

/** Customers of the centre whose name contains `name` (the prescription's customer choice). */
export const useCustomerChoices = (staffId: number, name: string) =>
  useQuery({
    queryKey: ['customers', staffId, 'choices', name],
    queryFn: () =>
      api(listCustomers, {
        params: { staffId },
        query: { page: 1, per_page: 50, sort: 'last_name', order: 'asc', ...(name ? { name } : {}) },
      }),
    placeholderData: (prev) => prev,
  });
