import type { Appointment } from '@tz/shared/appointments/appointments.contract';

export interface RowExtraActionsProps {
  appointment: Appointment;
  /** Centre type code; '2' = vaccination centre. */
  centreType: string;
}

/**
 * The place in each appointment row for the buttons of other areas, in the
 * order of the spec: receipt (send / download), questionnaire (invite, QR,
 * filled-out form), DEMIS report for test centres, vaccination data for
 * vaccination centres. Each area adds its component here; the row does not
 * change.
 */
export function AppointmentRowExtraActions(_props: RowExtraActionsProps) {
  return null;
}
