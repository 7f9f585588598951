import { Button } from '@mantine/core';
import { forwardRef, useEffect, useState } from 'react';
import { deferred, type StandInProps } from '../../ui/deferred';

export interface RowGroupsProps {
  appointment: { appointment_id: number; customer_id: number; staff_id: number; aInstitutionIds: number[] };
  ids: number[];
  onChanged: (ids: number[]) => void;
}

/** 'Gruppen (n)': the row's button; the popover's target once it is drawn. */
export const GroupsButton = forwardRef<HTMLButtonElement, { count: number } & React.ComponentProps<'button'>>(
  function GroupsButton({ count, ...props }, ref) {
    return (
      <Button ref={ref} size="compact-xs" variant="light" {...props}>
        Gruppen{count > 0 ? ` (${count})` : ''}
      </Button>
    );
  },
);

// The popover with the groups field (Popover, MultiSelect, the groups' and appointments' contracts
// with zod) loads when the button is first used, not with the appointment list (issue 28).
const GroupsPopover = deferred(
  () => import('./appointment-groups-popover').then((m) => m.AppointmentGroupsPopover),
  ({ reach, preload, ids }: RowGroupsProps & StandInProps) => (
    <GroupsButton count={ids.length} onPointerEnter={preload} onFocus={preload} onClick={() => reach('open')} />
  ),
);

/** The groups of an appointment from its row in the list: a small button with the count, the field in a popover. */
export function AppointmentRowGroups({ appointment: a }: { appointment: RowGroupsProps['appointment'] }) {
  const [ids, setIds] = useState(a.aInstitutionIds);
  useEffect(() => setIds(a.aInstitutionIds), [a.aInstitutionIds]);
  return <GroupsPopover appointment={a} ids={ids} onChanged={setIds} />;
}
