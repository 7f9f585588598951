import { CUSTOMER_LABELS } from '../customers/customer-field-labels';

/**
 * The labels of the booking form, keyed by the request body: the page renders
 * them, a refused booking names its fields with them. `website` is the
 * honeypot (no label people see).
 */
export const BOOKING_LABELS = {
  service_id: 'Dienstleistung',
  date: 'Datum',
  time: 'Uhrzeit',
  first_name: CUSTOMER_LABELS.first_name,
  last_name: CUSTOMER_LABELS.last_name,
  birthday: CUSTOMER_LABELS.birthday,
  email: CUSTOMER_LABELS.email,
  phone: CUSTOMER_LABELS.phone,
  street: CUSTOMER_LABELS.street,
  postcode: CUSTOMER_LABELS.postcode,
  city: CUSTOMER_LABELS.city,
  passport: 'Ausweisnummer (optional)',
  consent_privacy: 'Einwilligung Datenschutz',
  consent_result: 'Einwilligung Ergebnis per E-Mail',
};
