import { MSG } from '@tz/shared/messages';
import type { ToFormPath } from '../../ui/server-errors';

/**
 * The labels of the appointment fields (AppointmentFields), keyed by the
 * request body: the form renders them, a refused save names its fields with them.
 */
export const APPOINTMENT_LABELS = {
  date: 'Datum',
  time: 'Uhrzeit',
  service_id: 'Dienstleistung',
  notes: 'Notizen',
  number_of_new_appointments: 'Anzahl Termine in Folge',
  number_of_blocked_slots: 'Anzahl blockierter Plätze',
};

/**
 * The edit form sends date and time as one start_date: a refused date belongs
 * to 'Datum', any other refusal of start_date (format, no free slot) to 'Uhrzeit'.
 */
export const editFormPath: ToFormPath = (field, message) =>
  field === 'start_date' ? (message === MSG.appointmentDateInvalid ? 'date' : 'time') : field;
