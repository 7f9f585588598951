import { describe, expect, it } from 'vitest';
import { resultAccess } from './result-access';

describe("whether a row's result can be entered (button and key)", () => {
  const row = { service_test_v: 1, payment_class_id: null, res_date: null };
  const centre = { centre_type: '1', pcr_labs: [{ id: 1, name: 'Labor', result_button_label: null }] };

  it('is open in a test centre with a lab', () => {
    expect(resultAccess(row, { ...centre, force_payment_classification: false })).toBe('open');
  });

  it('is locked under forced classification until a classification above 1 is chosen', () => {
    expect(resultAccess(row, { ...centre, force_payment_classification: true })).toBe('locked');
    expect(resultAccess({ ...row, payment_class_id: 31 }, { ...centre, force_payment_classification: true })).toBe(
      'open',
    );
  });

  it('needs a lab, and does not exist in a vaccination centre', () => {
    expect(resultAccess(row, { ...centre, pcr_labs: [], force_payment_classification: false })).toBe('noLab');
    expect(resultAccess(row, { ...centre, centre_type: '2', force_payment_classification: false })).toBe('none');
  });
});
