import { CAPACITY_ORDER_MESSAGE } from '@tz/shared/services/services.contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { summariseServerError } from '../../ui/server-errors';
import { activationLabel } from './service-field-labels';

describe('service activation list', () => {
  const rows = [{ title: 'PCR-Test' }, { title: 'Antigen-Schnelltest' }];

  it("names 'services.1.capacity_max' as the list labels the field: 'Maximale Plätze Antigen-Schnelltest'", () => {
    const s = summariseServerError(
      new ApiError(422, 'CAPACITY_ORDER', CAPACITY_ORDER_MESSAGE, [
        { field: 'services.1.capacity_max', message: CAPACITY_ORDER_MESSAGE },
      ]),
      activationLabel(rows),
    );
    expect(s.text).toBe(`Maximale Plätze Antigen-Schnelltest: ${CAPACITY_ORDER_MESSAGE}`);
    expect(s.errors).toEqual({ 'services.1.capacity_max': CAPACITY_ORDER_MESSAGE });
  });

  it('names the minutes for duration and the test type, nothing else', () => {
    const label = activationLabel(rows);
    expect(label('services.0.duration')).toBe('Minuten PCR-Test');
    expect(label('services.0.test_type')).toBe('Testart PCR-Test');
    expect(label('services.0.active')).toBeUndefined();
    expect(label('services.2.duration')).toBeUndefined();
  });
});
