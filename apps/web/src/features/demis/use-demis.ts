import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { getDemisEligibilityEndpoint } from '../../api/list-endpoints';
import { useAuth } from '../../auth/use-session';

/**
 * These hooks serve the appointment rows, where a static import of the contract would put its zod
 * schemas into the list's first download (issue 28): the eligibility (asked while the rows are
 * drawn) uses its zod-free description, the report imports the contract when sent.
 */
const contract = () => import('@tz/shared/demis/demis.contract');

export function useDemisEligibility(enabled = true) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['demis', 'eligibility', staffId],
    queryFn: () => api(getDemisEligibilityEndpoint, { params: { staffId } }),
    staleTime: 60_000,
    enabled,
  });
}

export function useReportToDemis() {
  const { staffId } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => api((await contract()).reportToDemis, { params: { staffId, token } }),
    // The appointment lists show demis_status.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['appointments'] }),
  });
}
