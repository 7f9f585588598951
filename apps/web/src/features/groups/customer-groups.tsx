import { MultiSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCustomerInstitutions, setCustomerInstitutions } from '@tz/shared/groups/groups.contract';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { ApiError, api } from '../../api/client';
import { useInstitutions } from './use-groups';

/** The groups of a customer (core-workflow §7, set institutions): each change replaces the set; the field shows the server's answer. */
export function CustomerGroups({ staffId, customerId }: { staffId: number; customerId: number }) {
  const qc = useQueryClient();
  const institutions = useInstitutions(staffId);
  const key = ['customer-institutions', staffId, customerId];
  const current = useQuery({
    queryKey: key,
    queryFn: () => api(getCustomerInstitutions, { params: { staffId, customerId } }),
  });
  const [busy, setBusy] = useState(false);

  const change = async (values: string[]) => {
    setBusy(true);
    try {
      const answer = await api(setCustomerInstitutions, {
        params: { staffId, customerId },
        body: { institution_ids: values.map(Number), customer_id: customerId },
      });
      qc.setQueryData(key, answer);
      void qc.invalidateQueries({ queryKey: ['institutions', staffId] });
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
      label="Gruppen des Kunden"
      data={(institutions.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
      value={(current.data?.institution_ids ?? []).map(String)}
      onChange={change}
      disabled={busy || institutions.isLoading || current.isLoading}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Alle Gruppen des Kunden entfernen' }}
      maw={560}
    />
  );
}
