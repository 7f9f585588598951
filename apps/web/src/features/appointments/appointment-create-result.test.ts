import { bookingRefusalMessage, MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { createdFromState, createdState, createErrorText } from './appointment-create-result';

describe('createErrorText', () => {
  it('puts a refused booking after a colon, so the reason reads without nested brackets', () => {
    const holiday = bookingRefusalMessage({ reason: 'holiday' }, '2026-12-24');
    const text = createErrorText(new ApiError(422, 'SLOT_NOT_FREE', holiday, { reason: 'holiday' }));
    expect(text).toBe(
      `Etwas ist schief gelaufen: Am 24.12.2026 ist Feiertag, das Zentrum ist geschlossen. ${MSG.overbookHint}`,
    );
    expect(text).not.toMatch(/[()]/);
  });

  it("keeps the spec's forms: 400 after a colon, anything else in brackets", () => {
    expect(createErrorText(new ApiError(400, 'VALIDATION', 'Datum fehlt'))).toBe(`${MSG.genericErrorColon}Datum fehlt`);
    expect(createErrorText(new Error('kaputt'))).toBe(`${MSG.genericError} (kaputt)`);
  });
});

describe('the list after creating an appointment', () => {
  it('takes the created appointment from the router state the create screens send', () => {
    expect(createdFromState(createdState({ appointment_id: 42, date: '2026-06-17' }))).toEqual({
      appointment_id: 42,
      date: '2026-06-17',
    });
  });

  it('ignores any other state: none, a reload, a malformed one', () => {
    expect(createdFromState(null)).toBeNull();
    expect(createdFromState(undefined)).toBeNull();
    expect(createdFromState({ cwaQrCodeData: {} })).toBeNull();
    expect(createdFromState({ createdAppointment: { appointment_id: '42', date: '2026-06-17' } })).toBeNull();
    expect(createdFromState({ createdAppointment: { appointment_id: 42, date: '17.06.2026' } })).toBeNull();
  });
});
