import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { APPOINTMENT_LABELS, bulkServiceLabel, editFormPath } from './appointment-field-labels';

const refused = (status: number, field: string, message: string) =>
  new ApiError(status, 'X', message, [{ field, message }]);

describe('appointment edit: start_date is two fields on screen', () => {
  it('puts a refused date on Datum', () => {
    const s = summariseServerError(
      refused(400, 'start_date', MSG.appointmentDateInvalid),
      labelsOf(APPOINTMENT_LABELS),
      editFormPath,
    );
    expect(s.errors).toEqual({ date: MSG.appointmentDateInvalid });
    expect(s.text).toBe(`Datum: ${MSG.appointmentDateInvalid}`);
  });

  it('puts a refused time and a slot that is not free on Uhrzeit', () => {
    for (const message of [MSG.appointmentTimeFormat, MSG.bookingInPast]) {
      const s = summariseServerError(refused(422, 'start_date', message), labelsOf(APPOINTMENT_LABELS), editFormPath);
      expect(s.errors).toEqual({ time: message });
      expect(s.first).toBe('time');
    }
  });

  it('leaves the other fields as they are', () => {
    expect(editFormPath('service_id', MSG.serviceInactive)).toBe('service_id');
  });
});

describe('rebook list', () => {
  it("names 'appointments.<id>' by the customer's select", () => {
    const rows = [
      { appointment_id: 17, customer_firstname: 'Erika', customer_lastname: 'Muster' },
      { appointment_id: 18, customer_firstname: 'Max', customer_lastname: 'Muster' },
    ];
    const s = summariseServerError(refused(422, 'appointments.18', MSG.serviceInactive), bulkServiceLabel(rows));
    expect(s.text).toBe(`Neue Dienstleistung für Max Muster: ${MSG.serviceInactive}`);
    expect(s.errors).toEqual({ 'appointments.18': MSG.serviceInactive });
    expect(bulkServiceLabel(rows)('appointments.19')).toBeUndefined();
  });
});
