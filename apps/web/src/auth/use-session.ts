import { useQuery } from '@tanstack/react-query';
import { getSession } from '@tz/shared/auth/auth.contract';
import { api } from '../api/client';
import { useStoredSession } from './use-stored-session';

export { useStoredSession };

/** The caller and their centre from the server (sidebar conditions, centre type). */
export function useSessionInfo() {
  const stored = useStoredSession();
  return useQuery({
    queryKey: ['session', stored?.login.token],
    queryFn: () => api(getSession),
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
