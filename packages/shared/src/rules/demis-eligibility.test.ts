import { describe, expect, it } from 'vitest';
import { DEMIS_REQUIRED_FIELDS, type DemisSettings, demisEligibility, demisMissingLabels } from './demis-eligibility';

const complete: DemisSettings = {
  demis_cert_filename: 'zentrum.p12',
  demis_city: 'Musterstadt',
  demis_lab_id: '12345',
  demis_street_nr: '14',
  demis_zip: '51466',
  demis_account_name: 'test-lab999',
  phone: '02202 123456',
  email: 'info@zentrum.example',
};

describe('DEMIS eligibility', () => {
  it('accepts a centre with certificate file, city, lab id, street number, zip, account name and contact', () => {
    expect(demisEligibility(complete)).toEqual({ eligible: true, missing: [] });
  });

  for (const field of DEMIS_REQUIRED_FIELDS) {
    it(`refuses a centre without ${field}`, () => {
      expect(demisEligibility({ ...complete, [field]: null })).toEqual({ eligible: false, missing: [field] });
      expect(demisEligibility({ ...complete, [field]: '   ' }).eligible).toBe(false);
    });
  }

  it('needs the centre phone or e-mail (facility telecom is 1..*)', () => {
    expect(demisEligibility({ ...complete, phone: null }).eligible).toBe(true);
    expect(demisEligibility({ ...complete, email: null }).eligible).toBe(true);
    expect(demisEligibility({ ...complete, phone: null, email: ' ' })).toEqual({
      eligible: false,
      missing: ['phone_or_email'],
    });
  });

  it('counts a phone DEMIS accepts after normalising, not one it would refuse', () => {
    expect(demisEligibility({ ...complete, email: null, phone: '0170/1234567' }).eligible).toBe(true);
    expect(demisEligibility({ ...complete, email: null, phone: 'bitte per Mail' }).missing).toEqual(['phone_or_email']);
    expect(demisEligibility({ ...complete, phone: null, email: 'keine-adresse' }).missing).toEqual(['phone_or_email']);
  });

  it('lists every missing field', () => {
    const none = Object.fromEntries(Object.keys(complete).map((f) => [f, null])) as unknown as DemisSettings;
    expect(demisEligibility(none).missing).toEqual([...DEMIS_REQUIRED_FIELDS, 'phone_or_email']);
  });

  it('names what is missing in German, the certificate once', () => {
    expect(demisMissingLabels(['demis_account_name', 'phone_or_email'])).toEqual([
      'DEMIS-Benutzername',
      'Telefon oder E-Mail des Zentrums (Stammdaten)',
    ]);
    expect(demisMissingLabels(['demis_cert_filename'], false)).toEqual(['DEMIS-Zertifikat (.p12)']);
    expect(demisMissingLabels([], false)).toEqual(['DEMIS-Zertifikat (.p12)']);
  });
});
