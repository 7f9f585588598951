import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';

// Apart from use-forms.ts, and with the contract imported at the call: 'Einladen' sits in every
// appointment row, and the forms contract's zod schemas must not join the list's first download
// (issue 28).

/** After a change the appointment rows (checked_in, vaccination_id) must reload. */
export function useInvalidateAppointments() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: ['appointments'] }), qc.invalidateQueries({ queryKey: ['forms'] })]);
}

export function useInviteToForm() {
  const { staffId } = useAuth();
  const invalidate = useInvalidateAppointments();
  return useMutation({
    mutationFn: async (customerAppointmentId: number) => {
      const { inviteToForm } = await import('@tz/shared/forms/forms.contract');
      return api(inviteToForm, { params: { staffId, customerAppointmentId } });
    },
    onSuccess: invalidate,
  });
}
