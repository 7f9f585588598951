import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { getCentreSessionEndpoint } from '../api/list-endpoints';
import { useStoredSession } from './use-stored-session';

export { useStoredSession };

/**
 * The caller and the centre they work for from the server (sidebar conditions, centre type and
 * features): for a platform admin who adopted a centre's ID, that centre's, until they switch back.
 */
export function useSessionInfo() {
  const stored = useStoredSession();
  const staffId = stored ? (stored.workingStaffId ?? stored.login.bookly_staff_id) : 0;
  return useQuery({
    queryKey: ['session', stored?.login.token, staffId],
    queryFn: () => api(getCentreSessionEndpoint, { params: { staffId } }),
    enabled: !!stored,
    staleTime: 60_000,
  });
}

/** Role, centre and user id of the logged-in user, with the working centre id. */
export function useAuth() {
  const stored = useStoredSession();
  if (!stored) throw new Error('useAuth outside a logged-in screen');
  return {
    ...stored.login,
    staffId: stored.workingStaffId ?? stored.login.bookly_staff_id,
  };
}
