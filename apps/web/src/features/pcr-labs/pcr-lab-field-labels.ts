import { type FieldLabel, labelsOf } from '../../ui/server-errors';

/** The labels of the lab form, keyed by the request body (a refused save names its fields with them). */
export const PCR_LAB_LABELS = {
  name: 'Name',
  email: 'E-Mail für Bestellungen',
  result_system: 'Ergebnissystem',
  result_button_label: 'Beschriftung des Ergebnis-Buttons',
  show_sidebar: 'In der Seitenleiste anzeigen (PCR-Labore)',
  products: 'Produktkatalog',
};

const PRODUCT_FIELDS: Record<string, string> = { name: 'Produkt', number: 'Artikelnummer' };

/** Also the catalogue's rows, numbered as the screen shows them: 'products.1.name' → 'Produkt 2'. */
export const pcrLabLabel: FieldLabel = (path) => {
  const row = /^products\.(\d+)\.(\w+)$/.exec(path);
  if (row) return PRODUCT_FIELDS[row[2]!] && `${PRODUCT_FIELDS[row[2]!]} ${Number(row[1]) + 1}`;
  return labelsOf(PCR_LAB_LABELS)(path);
};
