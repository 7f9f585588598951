/**
 * A payment classification's label split into its legal basis and its text:
 * '§ 4 Abs. 1 Nr. 3 TestV – Besuch in Pflegeeinrichtungen (Nachweis geprüft)'
 * → basis '§ 4 Abs. 1 Nr. 3 TestV', text 'Besuch in Pflegeeinrichtungen (Nachweis
 * geprüft)'. The entries of one § differ only at the end, so the select shows
 * the text first and the basis below it. A label without a legal basis is all text.
 */
export function splitClassificationLabel(label: string): { basis: string | null; text: string } {
  const m = /^(§.*?)\s+[–—-]\s+(.+)$/.exec(label.trim());
  if (!m) return { basis: null, text: label.trim() };
  return { basis: m[1]!, text: m[2]! };
}

/** The label as the field shows it: the telling text first, so a narrow field cuts only the legal basis. */
export function classificationFieldLabel(label: string): string {
  const { basis, text } = splitClassificationLabel(label);
  return basis ? `${text} · ${basis}` : text;
}

/** The name of the row's classification field (its stand-in and the select itself). */
export const CLASSIFICATION_LABEL = 'Zahlungsklassifikation';
