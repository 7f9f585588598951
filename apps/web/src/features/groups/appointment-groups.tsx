import { MultiSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addAppointmentInstitution,
  removeAppointmentInstitution,
  setAppointmentInstitutions,
} from '@tz/shared/appointments/appointments.contract';
import { MSG } from '@tz/shared/messages';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../api/client';
import { useInstitutions } from './use-groups';

/**
 * The groups of one appointment (core-workflow §4): one added is an add call
 * (only if not already assigned), one removed a remove call, anything else
 * replaces the whole set. The field shows the server's answer only; after an
 * error it keeps the groups it had.
 */
export function AppointmentGroups({
  staffId,
  appointmentId,
  customerId,
  initial,
  onChanged,
}: {
  staffId: number;
  appointmentId: number;
  customerId: number;
  initial: number[];
  /** The groups after a change the server accepted. */
  onChanged?: (ids: number[]) => void;
}) {
  const institutions = useInstitutions(staffId);
  const [ids, setIds] = useState<number[]>(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setIds(initial), [initial]);

  const change = async (values: string[]) => {
    const wanted = values.map(Number);
    const added = wanted.filter((id) => !ids.includes(id));
    const removed = ids.filter((id) => !wanted.includes(id));
    const params = { staffId, appointmentId };
    setBusy(true);
    try {
      const answer =
        added.length === 1 && removed.length === 0
          ? await api(addAppointmentInstitution, { params: { ...params, institutionId: added[0]! } })
          : removed.length === 1 && added.length === 0
            ? await api(removeAppointmentInstitution, { params: { ...params, institutionId: removed[0]! } })
            : await api(setAppointmentInstitutions, {
                params,
                body: { institution_ids: wanted, customer_id: customerId },
              });
      setIds(answer.aInstitutionIds);
      onChanged?.(answer.aInstitutionIds);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <MultiSelect
      label="Gruppen"
      placeholder={ids.length === 0 ? 'Keiner Gruppe zugeordnet' : undefined}
      data={(institutions.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
      value={ids.map(String)}
      onChange={change}
      disabled={busy || institutions.isLoading}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Alle Gruppen entfernen' }}
    />
  );
}
