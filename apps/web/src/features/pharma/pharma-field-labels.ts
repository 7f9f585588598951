/**
 * The labels of the prescription and usage forms, keyed by their request bodies
 * (rxBodySchema, usageBodySchema), so a field the server refuses is marked and named.
 */
export const RX_LABELS = {
  customer_id: 'Kunde',
  date: 'Ausstellungsdatum',
  start: 'Beginn der Leistung',
  end: 'Ende der Leistung',
  notes: 'Notizen',
  active: 'Aktiv',
};

export const USAGE_LABELS = {
  date: 'Kommissioniert am',
  handover_date: 'Übergabe am',
  products: 'Produkte',
};
