import { describe, expect, it } from 'vitest';
import { DEMIS_REQUIRED_FIELDS, type DemisSettings, demisEligibility } from './demis-eligibility';

const complete: DemisSettings = {
  demis_cert_filename: 'zentrum.p12',
  demis_city: 'Musterstadt',
  demis_lab_id: '123456789',
  demis_street_nr: '14',
  demis_zip: '51466',
};

describe('DEMIS eligibility', () => {
  it('accepts a centre with certificate file, city, lab id, street number and zip', () => {
    expect(demisEligibility(complete)).toEqual({ eligible: true, missing: [] });
  });

  for (const field of DEMIS_REQUIRED_FIELDS) {
    it(`refuses a centre without ${field}`, () => {
      expect(demisEligibility({ ...complete, [field]: null })).toEqual({ eligible: false, missing: [field] });
      expect(demisEligibility({ ...complete, [field]: '   ' }).eligible).toBe(false);
    });
  }

  it('lists every missing field', () => {
    const none = Object.fromEntries(DEMIS_REQUIRED_FIELDS.map((f) => [f, null])) as unknown as DemisSettings;
    expect(demisEligibility(none).missing).toEqual([...DEMIS_REQUIRED_FIELDS]);
  });
});
