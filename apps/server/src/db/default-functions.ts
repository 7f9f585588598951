import type { DbOrTx } from './client';
import { functions } from './schema/functions';

/**
 * The platform's function catalogue (skills, functions, languages). Every
 * installation has it, so it is ensured at start like the default hosts;
 * `code` keeps it idempotent. Centres add their own custom functions.
 */
export const FUNCTION_CATALOGUE = [
  { code: 'skill-rapid-test', label: 'Schnelltest (Abstrich)', category: 'skill' },
  { code: 'skill-pcr-sample', label: 'PCR-Probenentnahme', category: 'skill' },
  { code: 'skill-vaccination', label: 'Impfen', category: 'skill' },
  { code: 'skill-first-aid', label: 'Erste Hilfe', category: 'skill' },
  { code: 'skill-billing', label: 'Abrechnung nach TestV', category: 'skill' },
  { code: 'function-reception', label: 'Empfang / Check-in', category: 'function' },
  { code: 'function-lab', label: 'Auswertung', category: 'function' },
  { code: 'function-shift-lead', label: 'Schichtleitung', category: 'function' },
  { code: 'function-hygiene', label: 'Hygienebeauftragte/r', category: 'function' },
  { code: 'function-physician', label: 'Ärztliche Aufsicht', category: 'function' },
  { code: 'language-de', label: 'Deutsch', category: 'language' },
  { code: 'language-en', label: 'Englisch', category: 'language' },
  { code: 'language-tr', label: 'Türkisch', category: 'language' },
  { code: 'language-ar', label: 'Arabisch', category: 'language' },
  { code: 'language-ru', label: 'Russisch', category: 'language' },
  { code: 'language-uk', label: 'Ukrainisch', category: 'language' },
  { code: 'language-pl', label: 'Polnisch', category: 'language' },
] as const;

export async function ensureFunctionCatalogue(db: DbOrTx) {
  await db
    .insert(functions)
    .values(FUNCTION_CATALOGUE.map((f) => ({ ...f, staff_id: null })))
    .onConflictDoNothing();
}
