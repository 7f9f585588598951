import type { FieldLabel } from '../../ui/server-errors';

/**
 * The labels of the service form (create and edit), keyed by the request body:
 * the form renders them, a refused save names its fields with them.
 */
export const SERVICE_LABELS = {
  title: 'Titel',
  price: 'Preis in Euro',
  priceTxt: 'Preistext (optional)',
  slot_length: 'Slotlänge in Minuten',
  duration: 'Termindauer in Minuten',
  capacity_min: 'Minimale Plätze',
  capacity_max: 'Maximale Plätze',
  category_id: 'Kategorie',
  test_type: 'Testart',
};

/** The columns of the activation list a row's request fields show in (duration: the minutes). */
const ACTIVATION_COLUMNS: Record<string, string> = {
  test_type: 'Testart',
  capacity_max: 'Maximale Plätze',
  duration: 'Minuten',
};

/**
 * The activation list (request { services: rows }): 'services.3.capacity_max'
 * is the field 'Maximale Plätze <title of row 3>', as the list labels it.
 */
export const activationLabel =
  (rows: { title: string }[]): FieldLabel =>
  (path) => {
    const m = /^services\.(\d+)\.(\w+)$/.exec(path);
    const row = m ? rows[Number(m[1])] : undefined;
    const column = m ? ACTIVATION_COLUMNS[m[2]!] : undefined;
    return row && column ? `${column} ${row.title}` : undefined;
  };
