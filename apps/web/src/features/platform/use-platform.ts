import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createTestCentreUser, listTestCentres } from '@tz/shared/platform/platform.contract';
import { api } from '../../api/client';

export const useTestCentres = () =>
  useQuery({ queryKey: ['platform', 'centres'], queryFn: () => api(listTestCentres) });

export function useCreateTestCentreUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; email: string; password: string; staff_id: number }) =>
      api(createTestCentreUser, { params: { staffId: v.staff_id }, body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }),
  });
}
