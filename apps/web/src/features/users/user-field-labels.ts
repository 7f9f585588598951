/**
 * The labels of the user forms' fields, keyed by their names in the request
 * body: the forms render them, and a refused save names its fields with them.
 */
export const CREATE_USER_LABELS = {
  name: 'Name',
  email: 'E-Mail',
  role_id: 'Rolle',
  password: 'Passwort',
  password2: 'Passwort wiederholen',
};

export const PASSWORD_LABELS = {
  password: 'Neues Passwort',
  password2: 'Neues Passwort wiederholen',
};

export const PROFILE_LABELS = {
  birthdate: 'Geburtsdatum',
  street: 'Straße',
  zip: 'PLZ',
  city: 'Ort',
  mobile: 'Mobil',
  phone: 'Telefon',
  fte: 'Stellenanteil (FTE)',
  hourly_rate: 'Stundenlohn (€)',
  basic_salary: 'Grundgehalt (€)',
  bank_institution: 'Bank',
  bank_swift: 'Bankleitzahl / BIC',
  bank_iban: 'IBAN',
};

export const CUSTOM_FUNCTION_LABELS = {
  label: 'Bezeichnung',
  category: 'Kategorie',
};
