import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BillingQuery,
  downloadBillingCsv,
  downloadBillingPdf,
  getBillingOverview,
} from '@tz/shared/exports/billing.contract';
import {
  type DailyExportBody,
  dailyExport,
  dispatchExports,
  downloadExport,
  EXPORT_LIST_PAGE_SIZE,
  type ExportRequest,
  getExportQueueStatus,
  listExports,
  requestExport,
  type VaccinationExportBody,
  vaccinationExport,
} from '@tz/shared/exports/exports.contract';
import { getScheduledJobs } from '@tz/shared/operations/operations.contract';
import { api, download } from '../../api/client';

const keys = {
  list: (staffId: number) => ['exports', staffId, 'list'] as const,
  listPage: (staffId: number, page: number) => ['exports', staffId, 'list', page] as const,
  billing: (staffId: number, q: BillingQuery) => ['exports', staffId, 'billing', q] as const,
  queue: ['exports', 'queue'] as const,
};

/** A page of the centre's requested monthly exports, newest first. */
export const useExportList = (staffId: number, page: number) =>
  useQuery({
    queryKey: keys.listPage(staffId, page),
    queryFn: () => api(listExports, { params: { staffId }, query: { page, per_page: EXPORT_LIST_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export function useRequestExport(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequest) => api(requestExport, { params: { staffId }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.list(staffId) }),
  });
}

export const downloadDailyExport = (staffId: number, body: DailyExportBody) =>
  download(dailyExport, { params: { staffId }, body, accept: 'text/csv', fallbackName: 'sofortexport.csv' });

export const downloadVaccinationExport = (staffId: number, body: VaccinationExportBody) =>
  download(vaccinationExport, { params: { staffId }, body, accept: 'text/csv', fallbackName: 'impfexport.csv' });

export const downloadMonthlyExport = (staffId: number, exportId: number) =>
  download(downloadExport, { params: { staffId, exportId }, accept: 'text/csv', fallbackName: 'monatsexport.csv' });

export const useBillingOverview = (staffId: number, q: BillingQuery | null) =>
  useQuery({
    queryKey: keys.billing(staffId, q ?? { from: '', to: '' }),
    queryFn: () => api(getBillingOverview, { params: { staffId }, query: q! }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });

export const downloadBilling = (staffId: number, q: BillingQuery, kind: 'csv' | 'pdf') =>
  kind === 'csv'
    ? download(downloadBillingCsv, {
        params: { staffId },
        query: q,
        accept: 'text/csv',
        fallbackName: 'abrechnung.csv',
      })
    : download(downloadBillingPdf, {
        params: { staffId },
        query: q,
        accept: 'application/pdf',
        fallbackName: 'abrechnung.pdf',
      });

/** Platform: how many exports wait, run or failed. */
export const useExportQueueStatus = () => useQuery({ queryKey: keys.queue, queryFn: () => api(getExportQueueStatus) });

export function useDispatchExports() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(dispatchExports),
    onSettled: () => qc.invalidateQueries({ queryKey: ['exports'] }),
  });
}

/** Platform: the scheduled backups and retention runs (Export Admin's panel), refreshed every minute. */
export const useScheduledJobs = () =>
  useQuery({
    queryKey: ['operations', 'scheduled-jobs'],
    queryFn: () => api(getScheduledJobs),
    refetchInterval: 60_000,
  });
