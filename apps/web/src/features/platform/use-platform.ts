import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adoptTestCentre,
  createTestCentre,
  createTestCentreUser,
  listTestCentres,
  type NewTestCentre,
  setTestCentreActive,
  type TestCentresQuery,
} from '@tz/shared/platform/platform.contract';
import { api } from '../../api/client';

/** One page of the platform's centres (search by name, city or id); the previous page stays while the next loads. */
export const useTestCentres = (query: TestCentresQuery, enabled = true) =>
  useQuery({
    queryKey: ['platform', 'centres', query],
    queryFn: () => api(listTestCentres, { query }),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useCreateTestCentreUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; email: string; password: string; staff_id: number }) =>
      api(createTestCentreUser, { params: { staffId: v.staff_id }, body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }),
  });
}

export function useCreateTestCentre() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTestCentre) => api(createTestCentre, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }),
  });
}

export function useSetTestCentreActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { staffId: number; active: boolean }) =>
      api(setTestCentreActive, { params: { staffId: v.staffId }, body: { active: v.active } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['platform'] }),
  });
}

/** Records the adoption on the server (audit trail) before the screens switch to the centre. */
export const useAdoptTestCentre = () =>
  useMutation({ mutationFn: (staffId: number) => api(adoptTestCentre, { params: { staffId } }) });
