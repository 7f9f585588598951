import { Group } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { useSessionInfo } from '../../auth/use-session';
import { AppointmentFormActions } from '../forms/appointment-form-actions';
import { AppointmentRowGroups } from '../groups/appointment-row-groups';
import { AppointmentReceiptDemisActions } from '../receipts/appointment-receipt-demis-actions';

export interface RowExtraActionsProps {
  appointment: Appointment;
  /** Centre type code; '2' = vaccination centre. */
  centreType: string;
}

/**
 * The buttons of other areas in each appointment row, in the order of the
 * spec: receipt and DEMIS (with official form and hand-offs), then the
 * questionnaire (invite, QR, filled-out form) or vaccination data, then the
 * appointment's groups. The blocks wrap onto the next line where the card is
 * narrow (a 1024 px tablet): kept on one line they squeezed each other's
 * labels ("QR" drawn as "QI", "Gruppen" cut).
 */
export function AppointmentRowExtraActions({ appointment: a, centreType }: RowExtraActionsProps) {
  const info = useSessionInfo();
  return (
    <Group gap={4} wrap="wrap">
      <AppointmentReceiptDemisActions
        appointment={a}
        centre={{ type: centreType, email: info.data?.centre.email ?? null }}
      />
      <AppointmentFormActions appointment={a} centreType={centreType} />
      <AppointmentRowGroups appointment={a} />
    </Group>
  );
}
