import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDemisEligibility, reportToDemis } from '@tz/shared/demis/demis.contract';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

export function useDemisEligibility(enabled = true) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['demis', 'eligibility', staffId],
    queryFn: () => api(getDemisEligibility, { params: { staffId } }),
    staleTime: 60_000,
    enabled,
  });
}

export function useReportToDemis() {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(reportToDemis, { params: { staffId, token } }),
    // The appointment lists show demis_status.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['appointments'] }),
  });
}
