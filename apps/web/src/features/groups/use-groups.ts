import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddGroupAppointments,
  addInstitutionAppointments,
  GROUP_MEMBERS_PER_PAGE,
  getInstitution,
  importCustomers,
  listInstitutionAppointments,
  listInstitutions,
  removeInstitutionCustomer,
  uploadCustomerCsv,
  upsertInstitution,
} from '@tz/shared/groups/groups.contract';
import { api } from '../../api/client';

export const useInstitutions = (staffId: number) =>
  useQuery({ queryKey: ['institutions', staffId], queryFn: () => api(listInstitutions, { params: { staffId } }) });

/** The group with one page of its members (the first by default); the previous page stays shown while the next loads. */
export const useInstitution = (staffId: number, institutionId: number, page = 1, perPage = GROUP_MEMBERS_PER_PAGE) =>
  useQuery({
    queryKey: ['institutions', staffId, institutionId, 'members', page, perPage],
    queryFn: () => api(getInstitution, { params: { staffId, institutionId }, query: { page, per_page: perPage } }),
    placeholderData: keepPreviousData,
  });

export const useInstitutionAppointments = (staffId: number, institutionId: number) =>
  useQuery({
    queryKey: ['institutions', staffId, institutionId, 'appointments'],
    queryFn: () => api(listInstitutionAppointments, { params: { staffId, institutionId } }),
  });

export function useUpsertInstitution(staffId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; id?: number }) =>
      api(upsertInstitution, { params: { staffId }, body: { staff_id: staffId, ...body } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['institutions', staffId] }),
  });
}

export function useUploadCsv(staffId: number, institutionId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('staff_id', String(staffId));
      form.append('institution_id', String(institutionId));
      form.append('file', file);
      return api(uploadCustomerCsv, { params: { staffId, institutionId }, body: form as never });
    },
  });
}

export function useImportCustomers(staffId: number, institutionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: { aHeader: string[]; aaData: string[][] }) =>
      api(importCustomers, {
        params: { staffId, institutionId },
        body: { staff_id: staffId, institution_id: institutionId, ...rows },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['institutions', staffId, institutionId] }),
  });
}

export function useRemoveFromGroup(staffId: number, institutionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) =>
      api(removeInstitutionCustomer, { params: { staffId, institutionId, customerId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['institutions', staffId, institutionId] }),
  });
}

export function useAddGroupAppointments(staffId: number, institutionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AddGroupAppointments, 'staff_id' | 'institution_id'>) =>
      api(addInstitutionAppointments, {
        params: { staffId, institutionId },
        body: {
          staff_id: staffId,
          institution_id: institutionId,
          overbook: false,
          all_members: false,
          aSelectedCustomer: [],
          aExceptCustomer: [],
          ...body,
        },
      }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['institutions', staffId, institutionId, 'appointments'] });
      qc.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}
