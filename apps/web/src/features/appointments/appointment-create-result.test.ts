import { bookingRefusalMessage, MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { createErrorText } from './appointment-create-result';

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
