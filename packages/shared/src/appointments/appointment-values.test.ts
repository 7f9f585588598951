import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FIELDS, appointmentOf, valuesOf } from './appointment-values';
import { type Appointment, appointmentSchema, appointmentValuesSchema } from './appointments.contract';

const row: Appointment = {
  appointment_id: 7,
  customer_id: 3,
  customer_appointment_id: 1007,
  token: 'tok',
  staff_id: 1,
  start_date: '2026-06-30T08:00:00.000Z',
  end_date: '2026-06-30T08:15:00.000Z',
  date: '2026-06-30',
  time: '10:00',
  status: 'approved',
  checked_in: 1,
  number_of_persons: 1,
  notes: null,
  customer_firstname: 'Anna',
  customer_lastname: 'Müller',
  customer_gender: 2,
  customer_birthday: '1990-01-02',
  customer_street: null,
  customer_postcode: '10115',
  customer_city: 'Berlin',
  customer_phone: null,
  customer_email: 'anna@example.org',
  customer_passport: null,
  service_id: 4,
  service_title: 'Schnelltest',
  service_test_type: 1,
  service_test_v: 1,
  service_active: true,
  res_detected: null,
  res_date: null,
  demis_status: null,
  vaccination_id: null,
  payment_class_id: 2,
  classification_checked_by: null,
  price: 1500,
  pcr_labs: [2],
  pcr_lab_id_selected: null,
  aInstitutionIds: [5, 6],
  staff_name: 'Testzentrum Mitte',
  domain: null,
  host: null,
  should_block_slot: false,
  source: 'staff',
  has_receipt: false,
};

describe('an appointment row as the list answers send it', () => {
  it('names every field of the row once', () => {
    expect([...APPOINTMENT_FIELDS].sort()).toEqual(Object.keys(appointmentSchema.shape).sort());
  });

  it('is the values in the fields order, and becomes the same row again', () => {
    const values = valuesOf(row);
    expect(values[0]).toBe(7);
    expect(values[APPOINTMENT_FIELDS.indexOf('customer_lastname')]).toBe('Müller');
    expect(appointmentOf(values)).toEqual(row);
    expect(appointmentOf(JSON.parse(JSON.stringify(values)))).toEqual(row);
  });

  it('is checked value by value by the contract: a missing or misplaced value fails', () => {
    const values: unknown[] = [...valuesOf(row)];
    expect(appointmentValuesSchema.parse(values)).toEqual(values);
    expect(appointmentValuesSchema.safeParse(values.slice(0, -1)).success).toBe(false);
    expect(appointmentValuesSchema.safeParse([...values, 'mehr']).success).toBe(false);
    const swapped = [...values];
    [swapped[13], swapped[15]] = [swapped[15], swapped[13]];
    expect(appointmentValuesSchema.safeParse(swapped).success).toBe(false);
  });
});
