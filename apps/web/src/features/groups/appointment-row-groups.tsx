import { Button, Popover } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { showErrorDialog } from '../../ui/error-dialog';

// The groups field (MultiSelect, the groups' and appointments' contracts with zod) loads when the
// popover first opens, not with the appointment list (issue 28).
const loadGroups = () => import('./appointment-groups');
const AppointmentGroups = lazy(() => loadGroups().then((m) => ({ default: m.AppointmentGroups })));

/**
 * The groups of an appointment from its row in the list: a small button with the count, the field
 * in a popover. Pointing at or focusing the button fetches the field's code; a click opens the
 * popover once it is here, so the popover never opens empty and its focus trap finds the field.
 */
export function AppointmentRowGroups({
  appointment: a,
}: {
  appointment: { appointment_id: number; customer_id: number; staff_id: number; aInstitutionIds: number[] };
}) {
  const [ids, setIds] = useState(a.aInstitutionIds);
  useEffect(() => setIds(a.aInstitutionIds), [a.aInstitutionIds]);
  const [opened, setOpened] = useState(false);
  const preload = () => void loadGroups().catch(() => {});
  const change = (open: boolean) => {
    if (!open) setOpened(false);
    else loadGroups().then(() => setOpened(true), showErrorDialog);
  };
  return (
    <Popover opened={opened} onChange={change} width={320} position="bottom-end" withinPortal trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onPointerEnter={preload} onFocus={preload}>
          Gruppen{ids.length > 0 ? ` (${ids.length})` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={null}>
          <AppointmentGroups
            staffId={a.staff_id}
            appointmentId={a.appointment_id}
            customerId={a.customer_id}
            initial={ids}
            onChanged={setIds}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
