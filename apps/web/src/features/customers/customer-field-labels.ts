/**
 * The labels of the customer fields (CustomerFieldsSection), keyed by the
 * request body: the form renders them, a refused save names its fields with them.
 */
export const CUSTOMER_LABELS = {
  first_name: 'Vorname',
  last_name: 'Nachname',
  birthday: 'Geburtsdatum',
  gender: 'Geschlecht',
  email: 'E-Mail',
  phone: 'Telefon',
  street: 'Straße und Hausnummer',
  postcode: 'Postleitzahl',
  city: 'Ort',
  passport: 'Ausweisnummer',
  insuranceProviderId: 'Krankenkasse',
  ikId: 'IK-Nummer',
  insurancePolicyNumber: 'Versichertennummer',
};
