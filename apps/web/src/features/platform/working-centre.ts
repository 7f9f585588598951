import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../auth/session-store';

/**
 * Switches the whole shell to the centre a platform admin works for ('ID
 * übernehmen') or back to their own: the stored session's working centre
 * decides every centre call's path and the session answer (sidebar, centre
 * flags), and every loaded answer is fetched again for it.
 */
export function useSwitchWorkingCentre() {
  const qc = useQueryClient();
  return (staffId: number) => {
    const s = sessionStore.get();
    if (!s) return;
    sessionStore.set({ ...s, workingStaffId: staffId === s.login.bookly_staff_id ? undefined : staffId });
    void qc.invalidateQueries();
  };
}
