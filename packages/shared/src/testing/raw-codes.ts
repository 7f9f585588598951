/**
 * Finds raw keys and codes in text people read (issue 26 "Proof"): a field
 * name or internal key (`customer_title`, `EXPORT_RANGE`) and a bare number
 * after a label where a word belongs (`Art: 3` for "Apotheke"). Used by the
 * layout e2e over the rendered text of every screen and by the API tests over
 * the PDFs and CSVs they produce. Test support only: the app never calls it.
 */

const LETTER = 'A-Za-zÄÖÜäöüß';

/** `customer_title`, `bookly_staff_id`, `EXPORT_RANGE`: words joined by underscores. */
const SNAKE = /^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/**
 * A label's last word, a colon and a whole number that stands alone:
 * not followed by a unit or word ("5 Tests", "15 Min."), a decimal part, a time
 * ("10:20") or a percent or euro sign. The label's last character is a letter,
 * a period or a bracket, so times and dates never count as labels.
 */
const LABELLED_NUMBER = new RegExp(
  `(?:^|[\\s(·,;])([${LETTER}][${LETTER}.\\-]*):[ \\t]*(\\d+)(?![\\d.,:]|[ \\t]*(?:%|€|[${LETTER}]))`,
  'gm',
);

/** Labels whose value is a number by nature (an id, a count, a postcode, a page), lower case. */
const NUMERIC_LABELS = new Set([
  'id',
  'staff-id',
  'nr',
  'nr.',
  'nummer',
  'terminnummer',
  'termin-nr.',
  'plz',
  'anzahl',
  'zeilen',
  'tests',
  'termine',
  'kunden',
  'mitglieder',
  'version',
  'seite',
  'jahr',
  'gesamt',
  'treffer',
  // the export queue's counts on Export Admin: 'Wartende Exporte: 0 · in Arbeit: 0 · fehlgeschlagen: 0'
  'exporte',
  'arbeit',
  'fehlgeschlagen',
  // the audit trail's numbers (rules/audit-fields.ts): 'Quittungsnummer: 1', 'Beendete Sitzungen: 2', …
  'quittungsnummer',
  'sitzungen',
  'wiederherstellungscodes',
  'fehlversuche',
  'pzn',
  'charge',
]);

/** Skipped when looking for snake_case: addresses, links and file names may hold underscores. */
const ADDRESS_LIKE = /[@/]|\.[a-z]{2,4}$/i;

/** The raw keys and codes in `text`, each as the text that gave it away; empty when it reads as words. */
export function rawCodes(text: string): string[] {
  const found: string[] = [];
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[("'„“‚‘[{]+|[)"'“”‘’\]},;:.!?]+$/g, '');
    if (word && !ADDRESS_LIKE.test(word) && SNAKE.test(word)) found.push(word);
  }
  for (const m of text.matchAll(LABELLED_NUMBER)) {
    if (!NUMERIC_LABELS.has(m[1]!.toLowerCase())) found.push(`${m[1]}: ${m[2]}`);
  }
  return found;
}
