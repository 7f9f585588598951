/**
 * The labels of the official test form, keyed by the request body (gender is
 * the customer's): the form renders them, a refused save names its fields with them.
 */
export const OEGD_LABELS = {
  gender: 'Geschlecht',
  kind: 'Rechtsgrundlage',
  kind_num: 'KV-Sonderziffer',
  reason: 'Grund der Testung',
  diagnostic: 'Diagnostik',
  risk: 'Risikobereich',
};
