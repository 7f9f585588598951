import { isDemisEmail, normaliseDemisPhone } from './demis-contact';

/** The centre fields DEMIS reporting depends on (core-workflow §4, plus what the current profiles require). */
export interface DemisSettings {
  demis_cert_filename: string | null;
  demis_city: string | null;
  demis_lab_id: string | null;
  demis_street_nr: string | null;
  demis_zip: string | null;
  /** The OAuth username of the token request; without it DEMIS cannot be reached at all. */
  demis_account_name: string | null;
  /** The facility's telecom is 1..* in NotifierFacility: a phone DEMIS accepts or an e-mail address. */
  phone: string | null;
  email: string | null;
}

export const DEMIS_REQUIRED_FIELDS = [
  'demis_cert_filename',
  'demis_city',
  'demis_lab_id',
  'demis_street_nr',
  'demis_zip',
  'demis_account_name',
] as const satisfies readonly (keyof DemisSettings)[];

/** The centre has neither a phone number DEMIS accepts nor an e-mail address. */
export const DEMIS_CONTACT_MISSING = 'phone_or_email' as const;

export type DemisMissing = (typeof DEMIS_REQUIRED_FIELDS)[number] | typeof DEMIS_CONTACT_MISSING;

/** What the 'Missing DEMIS settings' dialog names for each missing item. */
export const DEMIS_MISSING_LABELS: Record<DemisMissing | 'certificate', string> = {
  demis_cert_filename: 'DEMIS-Zertifikat (.p12)',
  certificate: 'DEMIS-Zertifikat (.p12)',
  demis_city: 'DEMIS Ort',
  demis_lab_id: 'DEMIS-Teilnehmernummer',
  demis_street_nr: 'DEMIS Hausnummer',
  demis_zip: 'DEMIS PLZ',
  demis_account_name: 'DEMIS-Benutzername',
  phone_or_email: 'Telefon oder E-Mail des Zentrums (Stammdaten)',
};

/**
 * A centre may report to DEMIS only when the certificate file name, city, lab
 * id (DEMIS participant number), street number, zip and DEMIS account name are
 * all present (blank counts as missing) and the centre can be contacted: a
 * phone number DEMIS accepts (after normalising) or an e-mail address.
 */
export function demisEligibility(centre: DemisSettings): { eligible: boolean; missing: DemisMissing[] } {
  const missing: DemisMissing[] = DEMIS_REQUIRED_FIELDS.filter((f) => !centre[f]?.trim());
  if (!normaliseDemisPhone(centre.phone) && !isDemisEmail(centre.email)) missing.push(DEMIS_CONTACT_MISSING);
  return { eligible: missing.length === 0, missing };
}

/** The German names of what is missing, each once, in the order given (certificate flag from the server). */
export function demisMissingLabels(missing: readonly string[], certificate = true): string[] {
  const keys = certificate ? [...missing] : [...missing, 'certificate'];
  const labels = keys.map((k) => DEMIS_MISSING_LABELS[k as DemisMissing] ?? k);
  return [...new Set(labels)];
}
