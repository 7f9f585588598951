import { describe, expect, it } from 'vitest';
import { buildHandoffPayload, decodeHandoffPayload, type HandoffInput, handoffFormFields } from './handoff-payload';

const input: HandoffInput = {
  token: 'jwt.token.value',
  host: 'localhost',
  staff_id: 7,
  customer_appointment_id: 1000042,
  customer: {
    first_name: 'Jürgen',
    last_name: 'Müßig',
    birthday: '1980-06-25',
    gender: 1,
    email: 'j@example.de',
    phone: '0190 1234567',
    passport: 'L01X00T47',
  },
  address: { street: 'Musterstraße 14', postcode: '51466', city: 'Köln' },
  appointment: {
    appointment_id: 42,
    token: 'abc',
    date: '2024-03-01',
    time: '09:30',
    service_id: 3,
    service_title: 'Schnelltest',
    service_test_type: 3,
    res_detected: 2,
    res_date: '2024-03-01T09:45:00.000Z',
  },
  lang: 'EN',
};

describe('hand-off payload', () => {
  it('is base64 of JSON carrying token, host, staff_id, customer appointment id, customer, address and appointment', () => {
    const data = buildHandoffPayload(input);
    expect(data).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const json = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
    expect(json).toEqual({
      token: 'jwt.token.value',
      host: 'localhost',
      staff_id: 7,
      customer_appointment_id: 1000042,
      lang: 'EN',
      customer: input.customer,
      address: input.address,
      appointment: input.appointment,
    });
  });

  it('keeps umlauts intact (UTF-8) and round-trips', () => {
    expect(decodeHandoffPayload(buildHandoffPayload(input)).customer.last_name).toBe('Müßig');
  });

  it('sends the language DE or EN as its own field', () => {
    expect(handoffFormFields({ ...input, lang: 'DE' }).lang).toBe('DE');
    expect(Object.keys(handoffFormFields(input))).toEqual(['data', 'lang']);
  });
});
