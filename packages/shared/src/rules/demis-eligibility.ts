/** The centre fields DEMIS reporting depends on (core-workflow §4). */
export interface DemisSettings {
  demis_cert_filename: string | null;
  demis_city: string | null;
  demis_lab_id: string | null;
  demis_street_nr: string | null;
  demis_zip: string | null;
}

export const DEMIS_REQUIRED_FIELDS = [
  'demis_cert_filename',
  'demis_city',
  'demis_lab_id',
  'demis_street_nr',
  'demis_zip',
] as const satisfies readonly (keyof DemisSettings)[];

/**
 * A centre may report to DEMIS only when the certificate file name, city, lab
 * id, street number and zip are all present (blank counts as missing).
 */
export function demisEligibility(centre: DemisSettings): { eligible: boolean; missing: (keyof DemisSettings)[] } {
  const missing = DEMIS_REQUIRED_FIELDS.filter((f) => !centre[f]?.trim());
  return { eligible: missing.length === 0, missing };
}
