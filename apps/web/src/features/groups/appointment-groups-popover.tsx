import { Popover } from '@mantine/core';
import type { ReachedProps } from '../../ui/deferred';
import { AppointmentGroups } from './appointment-groups';
import { GroupsButton, type RowGroupsProps } from './appointment-row-groups';

/**
 * The groups field in a popover under the row's 'Gruppen' button, drawn when the button is first
 * clicked (appointment-row-groups.tsx): already open, the field inside, its focus trap on the field.
 */
export function AppointmentGroupsPopover({ appointment: a, ids, onChanged, reachedBy }: RowGroupsProps & ReachedProps) {
  return (
    <Popover width={320} position="bottom-end" withinPortal trapFocus defaultOpened={reachedBy === 'open'}>
      <Popover.Target>
        <GroupsButton count={ids.length} />
      </Popover.Target>
      <Popover.Dropdown>
        <AppointmentGroups
          staffId={a.staff_id}
          appointmentId={a.appointment_id}
          customerId={a.customer_id}
          initial={ids}
          onChanged={onChanged}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
