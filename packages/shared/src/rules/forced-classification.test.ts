import { describe, expect, it } from 'vitest';
import { isResultLocked } from './forced-classification';

const base = { forcePaymentClassification: true, service_test_v: 1, payment_class_id: null, res_date: null };

describe('forced payment classification lock', () => {
  it('locks a TestV appointment without classification and without result date', () => {
    expect(isResultLocked(base)).toBe(true);
    expect(isResultLocked({ ...base, payment_class_id: 1 })).toBe(true);
  });

  it('unlocks with a classification above 1', () => {
    expect(isResultLocked({ ...base, payment_class_id: 2 })).toBe(false);
  });

  it('does not lock when the setting is off, the service is not TestV, or a result date exists', () => {
    expect(isResultLocked({ ...base, forcePaymentClassification: false })).toBe(false);
    expect(isResultLocked({ ...base, service_test_v: 0 })).toBe(false);
    expect(isResultLocked({ ...base, res_date: '2024-03-01T10:00:00Z' })).toBe(false);
  });
});
