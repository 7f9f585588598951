import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

/**
 * The contract is imported when a call is made: these hooks serve the appointment rows, and a
 * static import would put the contract's zod schemas into the list's first download (issue 28).
 */
const contract = () => import('@tz/shared/demis/demis.contract');

export function useDemisEligibility(enabled = true) {
  const { staffId } = useAuth();
  return useQuery({
    queryKey: ['demis', 'eligibility', staffId],
    queryFn: async () => api((await contract()).getDemisEligibility, { params: { staffId } }),
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
