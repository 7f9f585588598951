import type { Appointment } from './appointments.contract';

/**
 * The appointments list answers (`POST …/appointments` and `…/page-at`) send
 * each row as the array of its values in this order: the field names once
 * here, not in every row. Three quarters of a busy day's answer (1,369 rows,
 * 1.45 MB) were the names; as arrays it is 0.59 MB, and the database builds it
 * a third faster (issue 28, docs/performance.md). Without zod: the list screen
 * imports it, and its first download holds no zod.
 */
export const APPOINTMENT_FIELDS = [
  'appointment_id',
  'customer_id',
  'customer_appointment_id',
  'token',
  'staff_id',
  'start_date',
  'end_date',
  'date',
  'time',
  'status',
  'checked_in',
  'number_of_persons',
  'notes',
  'customer_firstname',
  'customer_lastname',
  'customer_gender',
  'customer_birthday',
  'customer_street',
  'customer_postcode',
  'customer_city',
  'customer_phone',
  'customer_email',
  'customer_passport',
  'service_id',
  'service_title',
  'service_test_type',
  'service_test_v',
  'service_active',
  'res_detected',
  'res_date',
  'demis_status',
  'vaccination_id',
  'payment_class_id',
  'classification_checked_by',
  'price',
  'pcr_labs',
  'pcr_lab_id_selected',
  'aInstitutionIds',
  'staff_name',
  'domain',
  'host',
  'should_block_slot',
  'source',
  'has_receipt',
] as const satisfies readonly (keyof Appointment)[];

type Field = (typeof APPOINTMENT_FIELDS)[number];
// Every field of the row is in the list (the compiler names a missing one here).
const complete: [Exclude<keyof Appointment, Field>] extends [never] ? true : Exclude<keyof Appointment, Field> = true;
void complete;

/** One appointment row as the list answers send it: its values in APPOINTMENT_FIELDS' order. */
export type AppointmentValues = {
  -readonly [I in keyof typeof APPOINTMENT_FIELDS]: (typeof APPOINTMENT_FIELDS)[I] extends Field
    ? Appointment[(typeof APPOINTMENT_FIELDS)[I]]
    : never;
};

/** The row of a list answer's values. */
export function appointmentOf(values: AppointmentValues | readonly unknown[]): Appointment {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < APPOINTMENT_FIELDS.length; i++) row[APPOINTMENT_FIELDS[i]!] = values[i];
  return row as Appointment;
}

/** A row's values as a list answer sends them. */
export const valuesOf = (row: Appointment) =>
  APPOINTMENT_FIELDS.map((field) => row[field]) as unknown as AppointmentValues;
