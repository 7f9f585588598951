/** The vaccination form's labels, keyed by the request body (a refused save names its fields with them). */
export const VACCINATION_LABELS = {
  vaccine: 'Impfstoff',
  batch_number: 'Chargennummer',
  dose: 'Dosis',
  vaccination_date: 'Impfdatum',
};
