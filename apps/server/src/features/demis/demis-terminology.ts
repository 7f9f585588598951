import type { Config } from '../../config';

/**
 * The codes the laboratory notification uses, with the code systems' own
 * displays, after DEMIS' profile package named here (integrations reference,
 * docs/decisions/008-demis-profiles-and-identifiers.md). The code-system
 * versions are not here: they follow the live package and come from the
 * configuration (DEMIS_LOINC_VERSION, DEMIS_SNOMED_VERSION).
 */
export const DEMIS_PROFILE_PACKAGE = 'rki.demis.laboratory 6.1.8 (profile snapshot), served as 6.2.x for pathogen v6';

export const SD = 'https://demis.rki.de/fhir/StructureDefinition/';
export const FHIR_BASE = 'https://demis.rki.de/fhir/';
export const LOINC = 'http://loinc.org';
export const SNOMED = 'http://snomed.info/sct';
export const BSNR_SYSTEM = 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR';
export const PARTICIPANT_SYSTEM = 'https://demis.rki.de/fhir/NamingSystem/DemisParticipantId';
export const GENDER_AMTLICH_URL = 'http://fhir.de/StructureDefinition/gender-amtlich-de';
export const GENDER_AMTLICH_SYSTEM = 'http://fhir.de/CodeSystem/gender-amtlich-de';

/** The versions the codings carry, from the one configuration place. */
export interface CodeSystemVersions {
  loinc: string;
  snomed: string;
}
export const versionsOf = (config: Pick<Config, 'demisLoincVersion' | 'demisSnomedVersion'>): CodeSystemVersions => ({
  loinc: config.demisLoincVersion,
  snomed: config.demisSnomedVersion,
});

export const TEST_CODES = {
  rapidAntigen: {
    code: '94558-4',
    display: 'SARS-CoV-2 (COVID-19) Ag [Presence] in Respiratory specimen by Rapid immunoassay',
    method: { code: '121276004', display: 'Antigen assay (procedure)' },
  },
  // A presence code: 94746-5 would be the Ct value ("RNA [Cycle Threshold #]"), not a detection.
  pcr: {
    code: '94500-6',
    display: 'SARS-CoV-2 (COVID-19) RNA [Presence] in Respiratory specimen by NAA with probe detection',
    method: { code: '398545005', display: 'Nucleic acid assay (procedure)' },
  },
} as const;

export const SPECIMEN_TYPE = { code: '309164002', display: 'Upper respiratory swab sample (specimen)' } as const;
export const DETECTED = { code: '260373001', display: 'Detected (qualifier value)' } as const;

/** gematik's own rapid-test flows report test centres as this organisation type. */
export const ORGANIZATION_TYPE = {
  system: 'https://demis.rki.de/fhir/CodeSystem/organizationType',
  code: 'othPrivatLab',
  display: 'Sonstige private Untersuchungsstelle',
} as const;

/** Customer gender (0 none, 1 male, 2 female, 3 diverse, 4 non-binary) → FHIR gender and the German official one. */
export const GENDER: Record<number, { gender: string; amtlich?: { code: string; display: string } }> = {
  0: { gender: 'unknown' },
  1: { gender: 'male' },
  2: { gender: 'female' },
  3: { gender: 'other', amtlich: { code: 'D', display: 'divers' } },
  4: { gender: 'other', amtlich: { code: 'X', display: 'unbestimmt' } },
};
