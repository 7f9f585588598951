import { MSG } from '@tz/shared/messages';
import type { FieldLabel, ToFormPath } from '../../ui/server-errors';

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

/**
 * The rebook list (request { appointments: { <appointment id>: service id } }):
 * 'appointments.17' is the select 'Neue Dienstleistung für <customer>' of appointment 17.
 */
export const bulkServiceLabel =
  (rows: { appointment_id: number; customer_firstname: string; customer_lastname: string }[]): FieldLabel =>
  (path) => {
    const m = /^appointments\.(\d+)$/.exec(path);
    const a = m ? rows.find((r) => r.appointment_id === Number(m[1])) : undefined;
    return a ? `Neue Dienstleistung für ${a.customer_firstname} ${a.customer_lastname}` : undefined;
  };
