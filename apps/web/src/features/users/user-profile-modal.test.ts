import { describe, expect, it } from 'vitest';
import { type FormValues, profilePayload } from './user-profile-modal';

const empty: FormValues = {
  birthdate: null,
  zip: '',
  city: '',
  street: '',
  mobile: '',
  phone: '',
  fte: '',
  hourly_rate: '',
  basic_salary: '',
  bank_institution: '',
  bank_swift: '',
  bank_iban: '',
};

describe('the profile form sends', () => {
  it('only the filled fields, trimmed; untouched empty fields are not sent', () => {
    expect(profilePayload({ ...empty, city: ' Köln ', fte: 0.5 }, empty)).toEqual({ city: 'Köln', fte: 0.5 });
  });

  it('a field the user emptied as null, so it is cleared', () => {
    const before = {
      ...empty,
      mobile: '0171 1234567',
      bank_iban: 'DE89370400440532013000',
      fte: 1,
      birthdate: '1990-02-03',
    };
    expect(profilePayload({ ...before, mobile: '  ', bank_iban: '', fte: '', birthdate: null }, before)).toEqual({
      mobile: null,
      bank_iban: null,
      fte: null,
      birthdate: null,
    });
  });
});
