/**
 * A conformance check of the laboratory notification (SARS-CoV-2, cvdp)
 * against the rules of DEMIS' current profiles as the integrations reference
 * lists them: cardinalities, fixed values, code systems, versions, patterns.
 *
 * Deliberately written from the reference page, not from the builder's
 * constants (its expected codes and displays are literals here), so a wrong
 * constant in demis-bundle.ts / demis-terminology.ts fails the check instead
 * of agreeing with itself. Used before sending (nothing DEMIS would refuse
 * leaves the server) and by the local DEMIS stand-in in tests, which answers
 * 422 with these findings like DEMIS' validation does.
 *
 * Errors are what DEMIS rejects; warnings what it accepts but reports back in
 * its operationOutcome (a display other than the code system's own, a
 * client-set meta.tag that DEMIS drops).
 */

export interface ConformanceIssue {
  severity: 'error' | 'warning';
  /** Where, FHIRPath-like: "Observation.valueCodeableConcept.coding[0].version". */
  location: string;
  /** German, for the people who have to fix it. */
  message: string;
}

export interface ExpectedVersions {
  loinc: string;
  snomed: string;
}

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is walked freely here
type Json = any;

const SD = 'https://demis.rki.de/fhir/StructureDefinition/';
const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE = /^[0+][0-9 \-()]{6,50}$/;
const NAME_FORBIDDEN = /[0-9@*?$|=´"[\]{}<>]/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LOINC_VERSION = /^\d+\.\d+$/;
const SNOMED_DE_VERSION = /^http:\/\/snomed\.info\/sct\/11000274103\/version\/\d{8}$/;

/** The resources of a laboratory notification, by profile, each exactly once. */
const PROFILES = {
  NotificationLaboratory: 'Composition',
  NotifiedPerson: 'Patient',
  NotifierRole: 'PractitionerRole',
  NotifierFacility: 'Organization',
  SubmittingRole: 'PractitionerRole',
  SubmittingFacility: 'Organization',
  SpecimenCVDP: 'Specimen',
  PathogenDetectionCVDP: 'Observation',
  LaboratoryReportCVDP: 'DiagnosticReport',
} as const;
type Profile = keyof typeof PROFILES;

/** Presence tests (code → display, method) a test centre may report as positive. */
const DETECTION_CODES: Record<string, { display: string; method: { code: string; display: string } }> = {
  '94558-4': {
    display: 'SARS-CoV-2 (COVID-19) Ag [Presence] in Respiratory specimen by Rapid immunoassay',
    method: { code: '121276004', display: 'Antigen assay (procedure)' },
  },
  '94500-6': {
    display: 'SARS-CoV-2 (COVID-19) RNA [Presence] in Respiratory specimen by NAA with probe detection',
    method: { code: '398545005', display: 'Nucleic acid assay (procedure)' },
  },
};
/** Codes that are not a presence test: refused with the reason. */
const NOT_A_DETECTION: Record<string, string> = {
  '94746-5': '94746-5 ist der Ct-Wert-Code („RNA [Cycle Threshold #]“), kein Nachweis-Code',
};
const ORGANIZATION_TYPES: Record<string, string> = {
  othPrivatLab: 'Sonstige private Untersuchungsstelle',
  laboratory: 'Erregerdiagnostische Untersuchungsstelle',
};
const IDENTIFIER_PATTERNS: Record<string, { pattern: RegExp; text: string }> = {
  'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR': { pattern: /^\d{9}$/, text: 'BSNR: genau 9 Ziffern' },
  'https://demis.rki.de/fhir/NamingSystem/DemisParticipantId': {
    pattern: /^\d{5,6}$/,
    text: 'DEMIS-Teilnehmernummer: 5 oder 6 Ziffern',
  },
};

export function checkLaboratoryNotification(bundle: Json, expected: ExpectedVersions): ConformanceIssue[] {
  const issues: ConformanceIssue[] = [];
  const error = (location: string, message: string) => issues.push({ severity: 'error', location, message });
  const warn = (location: string, message: string) => issues.push({ severity: 'warning', location, message });

  if (bundle?.resourceType !== 'Bundle') {
    error('Bundle', 'Es wurde kein Bundle übermittelt.');
    return issues;
  }
  checkNoEmpties(bundle, 'Bundle', error);

  // Bundle (NotificationBundleLaboratory)
  if (!sameList(bundle.meta?.profile, [`${SD}NotificationBundleLaboratory`]))
    error('Bundle.meta.profile', 'Profil muss NotificationBundleLaboratory sein.');
  if (bundle.meta?.tag !== undefined)
    warn(
      'Bundle.meta.tag',
      'Vom Absender gesetzte meta.tag entfernt DEMIS; das zuständige Gesundheitsamt bestimmt DEMIS selbst.',
    );
  if (bundle.type !== 'document') error('Bundle.type', 'Bundle.type muss „document“ sein.');
  if (
    bundle.identifier?.system !== 'https://demis.rki.de/fhir/NamingSystem/NotificationBundleId' ||
    !UUID.test(bundle.identifier?.value ?? '')
  )
    error('Bundle.identifier', 'Bundle-Kennung: System NotificationBundleId mit einer UUID erforderlich.');
  if (!DATE_TIME.test(bundle.timestamp ?? '')) error('Bundle.timestamp', 'Bundle.timestamp fehlt (1..1).');

  const entries: Json[] = Array.isArray(bundle.entry) ? bundle.entry : [];
  const byKey = new Map<string, Json>();
  const byProfile = new Map<Profile, Json[]>();
  for (const [i, e] of entries.entries()) {
    const r = e?.resource;
    const at = `Bundle.entry[${i}]`;
    if (!r?.resourceType || !r.id) {
      error(at, 'Eintrag ohne Ressource oder ohne id.');
      continue;
    }
    const key = `${r.resourceType}/${r.id}`;
    if (byKey.has(key)) error(at, `Die Ressource ${key} kommt doppelt vor.`);
    byKey.set(key, r);
    if (e.fullUrl !== `https://demis.rki.de/fhir/${key}`)
      error(`${at}.fullUrl`, `fullUrl muss https://demis.rki.de/fhir/${key} sein.`);
    const profile = String(r.meta?.profile?.[0] ?? '').replace(SD, '') as Profile;
    if (!(profile in PROFILES)) {
      error(`${at}.resource.meta.profile`, `Unerwartetes Profil „${profile}“.`);
      continue;
    }
    if (PROFILES[profile] !== r.resourceType)
      error(`${at}.resource`, `Profil ${profile} gehört zu ${PROFILES[profile]}, nicht zu ${r.resourceType}.`);
    byProfile.set(profile, [...(byProfile.get(profile) ?? []), r]);
  }
  for (const p of Object.keys(PROFILES) as Profile[]) {
    const n = byProfile.get(p)?.length ?? 0;
    if (n !== 1) error(PROFILES[p], `Genau eine Ressource des Profils ${p} erforderlich, gefunden: ${n}.`);
  }
  if (entries[0]?.resource?.resourceType !== 'Composition')
    error('Bundle.entry[0]', 'Der erste Eintrag eines document-Bundles muss die Composition sein.');

  // every reference points at an entry of the bundle
  walk(bundle, 'Bundle', (value, path) => {
    if (path.endsWith('.reference') && typeof value === 'string' && !byKey.has(value))
      error(path, `Verweis „${value}“ zeigt auf keinen Eintrag des Bundles.`);
  });
  const one = (p: Profile): Json | undefined => byProfile.get(p)?.[0];
  const refersTo = (r: Json, p: Profile) => {
    const target = one(p);
    return !!target && r?.reference === `${target.resourceType}/${target.id}`;
  };

  const coding = (
    cc: Json,
    where: string,
    want: { system: string; code?: string; display?: string; version?: string },
  ): Json | undefined => {
    const codings: Json[] = cc?.coding ?? [];
    const c = codings.find((x) => x?.system === want.system);
    if (!c) {
      error(`${where}.coding`, `Codierung aus ${want.system} erforderlich.`);
      return undefined;
    }
    const at = `${where}.coding[${codings.indexOf(c)}]`;
    if (want.code !== undefined && c.code !== want.code)
      error(`${at}.code`, `Code muss ${want.code} sein, ist ${c.code ?? 'leer'}.`);
    if (want.version !== undefined) {
      if (!c.version) error(`${at}.version`, `Die Version des Codesystems (${want.system}) fehlt (1..1).`);
      else if (c.version !== want.version)
        error(`${at}.version`, `Version „${c.version}“ statt der geltenden „${want.version}“.`);
    }
    if (want.display !== undefined && c.display !== want.display)
      warn(`${at}.display`, `Anzeigetext weicht vom Codesystem ab: erwartet „${want.display}“.`);
    return c;
  };

  // Composition (NotificationLaboratory)
  const comp = one('NotificationLaboratory');
  if (comp) {
    if (comp.category !== undefined) error('Composition.category', 'Composition.category ist nicht erlaubt (0..0).');
    if (comp.status !== 'final') error('Composition.status', 'Composition.status muss „final“ sein.');
    coding(comp.type, 'Composition.type', { system: LOINC, code: '34782-3', display: 'Infectious disease Note' });
    if (
      comp.identifier?.system !== 'https://demis.rki.de/fhir/NamingSystem/NotificationId' ||
      !UUID.test(comp.identifier?.value ?? '')
    )
      error('Composition.identifier', 'Meldungs-ID: System NotificationId mit einer UUID erforderlich.');
    if (!refersTo(comp.subject, 'NotifiedPerson'))
      error('Composition.subject', 'subject muss auf die betroffene Person zeigen.');
    if (comp.author?.length !== 1 || !refersTo(comp.author[0], 'NotifierRole'))
      error('Composition.author', 'author muss genau einmal auf die NotifierRole zeigen.');
    if (!DATE_TIME.test(comp.date ?? '')) error('Composition.date', 'Composition.date fehlt (1..1).');
    if (!comp.title) error('Composition.title', 'Composition.title fehlt (1..1).');
    if (comp.section?.length !== 1) error('Composition.section', 'Genau ein Abschnitt (Laborbefund) erforderlich.');
    else {
      coding(comp.section[0].code, 'Composition.section[0].code', {
        system: LOINC,
        code: '11502-2',
        display: 'Laboratory report',
      });
      if (comp.section[0].entry?.length !== 1 || !refersTo(comp.section[0].entry[0], 'LaboratoryReportCVDP'))
        error('Composition.section[0].entry', 'Der Abschnitt muss genau den Laborbefund enthalten.');
    }
  }

  // Patient (NotifiedPerson)
  const patient = one('NotifiedPerson');
  if (patient) {
    const name = patient.name?.[0];
    if (patient.name?.length !== 1) error('Patient.name', 'Genau ein Name erforderlich.');
    if (typeof name?.family !== 'string' || !name.family.trim())
      error('Patient.name[0].family', 'Nachname fehlt (1..1).');
    if (!Array.isArray(name?.given) || name.given.length < 1 || name.given.some((g: Json) => !String(g ?? '').trim()))
      error('Patient.name[0].given', 'Vorname fehlt (1..*).');
    for (const [part, value] of [
      ['family', name?.family],
      ...((name?.given ?? []) as string[]).map((g, i) => [`given[${i}]`, g]),
    ] as [string, string][])
      if (typeof value === 'string' && NAME_FORBIDDEN.test(value))
        error(`Patient.name[0].${part}`, 'Namen dürfen keine Ziffern und keines der Zeichen @*?$|=´"[]{}<> enthalten.');
    if (!['male', 'female', 'other', 'unknown', undefined].includes(patient.gender))
      error('Patient.gender', `Unbekanntes Geschlecht „${patient.gender}“.`);
    const amtlich = (patient._gender?.extension ?? []).filter(
      (x: Json) => x?.url === 'http://fhir.de/StructureDefinition/gender-amtlich-de',
    );
    if (patient.gender === 'other') {
      const code = amtlich[0]?.valueCoding;
      if (amtlich.length !== 1 || code?.system !== 'http://fhir.de/CodeSystem/gender-amtlich-de')
        error('Patient.gender', 'gender „other“ verlangt die Erweiterung gender-amtlich-de (D oder X).');
      else if (!['D', 'X'].includes(code.code))
        error('Patient.gender.extension', `gender-amtlich-de muss D oder X sein, ist „${code.code}“.`);
    } else if (amtlich.length > 0) error('Patient.gender.extension', 'gender-amtlich-de nur bei gender „other“.');
    checkTelecom(patient.telecom, 'Patient.telecom', error);
    if (!Array.isArray(patient.address) || patient.address.length < 1)
      error('Patient.address', 'Mindestens eine Adresse erforderlich.');
    (patient.address ?? []).forEach((a: Json, i: number) => {
      const use = (a?.extension ?? []).find((x: Json) => x?.url === `${SD}AddressUse`)?.valueCoding;
      if (use?.system !== 'https://demis.rki.de/fhir/CodeSystem/addressUse')
        error(`Patient.address[${i}].extension`, 'Adressart (AddressUse) fehlt.');
      else if (!['primary', 'current', 'ordinary'].includes(use.code))
        error(`Patient.address[${i}].extension`, `Adressart „${use.code}“ unbekannt (primary, current, ordinary).`);
      if (a?.country !== undefined && !/^[A-Z]{2}$/.test(a.country))
        error(`Patient.address[${i}].country`, 'Land als ISO-3166-Code (z. B. DE).');
    });
    if (patient.birthDate !== undefined && !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(patient.birthDate))
      error('Patient.birthDate', 'Geburtsdatum im Format JJJJ-MM-TT.');
  }

  // Facilities and roles
  for (const p of ['NotifierFacility', 'SubmittingFacility'] as const) {
    const org = one(p);
    if (!org) continue;
    const where = `Organization(${p})`;
    if (!org.name?.trim()) error(`${where}.name`, 'Name der Einrichtung fehlt.');
    if (!Array.isArray(org.telecom) || org.telecom.length < 1)
      error(`${where}.telecom`, 'Telefon oder E-Mail der Einrichtung erforderlich (telecom 1..*).');
    checkTelecom(org.telecom, `${where}.telecom`, error);
    for (const [i, type] of (org.type ?? []).entries()) {
      const c = type?.coding?.[0];
      if (c?.system !== 'https://demis.rki.de/fhir/CodeSystem/organizationType' || !(c.code in ORGANIZATION_TYPES))
        error(`${where}.type[${i}]`, `Art der Einrichtung „${c?.code}“ nicht aus organizationType.`);
      else if (c.display !== ORGANIZATION_TYPES[c.code])
        warn(`${where}.type[${i}].coding[0].display`, `Anzeigetext weicht ab: „${ORGANIZATION_TYPES[c.code]}“.`);
    }
    for (const [i, idf] of (org.identifier ?? []).entries()) {
      const rule = IDENTIFIER_PATTERNS[idf?.system];
      if (!rule) error(`${where}.identifier[${i}]`, `Unbekanntes Kennungssystem „${idf?.system}“.`);
      else if (!rule.pattern.test(idf.value ?? ''))
        error(`${where}.identifier[${i}]`, `${rule.text}, ist „${idf.value}“.`);
    }
    const systems = (org.identifier ?? []).map((x: Json) => x?.system);
    if (new Set(systems).size !== systems.length)
      error(`${where}.identifier`, 'Jede Kennung (BSNR, Teilnehmernummer) höchstens einmal.');
    const address = org.address?.[0];
    if (!address?.postalCode || !address?.city) error(`${where}.address`, 'Adresse mit PLZ und Ort erforderlich.');
  }
  const notifierRole = one('NotifierRole');
  if (notifierRole && !refersTo(notifierRole.organization, 'NotifierFacility'))
    error('PractitionerRole(NotifierRole).organization', 'Die NotifierRole muss auf die NotifierFacility zeigen.');
  const submittingRole = one('SubmittingRole');
  if (submittingRole && !refersTo(submittingRole.organization, 'SubmittingFacility'))
    error(
      'PractitionerRole(SubmittingRole).organization',
      'Die SubmittingRole muss auf die SubmittingFacility zeigen.',
    );

  // Specimen (SpecimenCVDP)
  const specimen = one('SpecimenCVDP');
  if (specimen) {
    coding(specimen.type, 'Specimen.type', {
      system: SNOMED,
      code: '309164002',
      display: 'Upper respiratory swab sample (specimen)',
      version: expected.snomed,
    });
    if (!DATE_TIME.test(specimen.receivedTime ?? '')) error('Specimen.receivedTime', 'Eingangszeit fehlt (1..1).');
    if (!DATE_TIME.test(specimen.collection?.collectedDateTime ?? ''))
      error('Specimen.collection.collectedDateTime', 'Entnahmezeitpunkt fehlt.');
    if (!refersTo(specimen.collection?.collector, 'SubmittingRole'))
      error('Specimen.collection.collector', 'collector muss auf die SubmittingRole zeigen.');
    if (!refersTo(specimen.subject, 'NotifiedPerson')) error('Specimen.subject', 'subject muss auf die Person zeigen.');
  }

  // Observation (PathogenDetectionCVDP)
  const obs = one('PathogenDetectionCVDP');
  if (obs) {
    for (const key of Object.keys(obs).filter((k) => k.startsWith('effective')))
      error(
        `Observation.${key}`,
        'Observation.effective[x] ist nicht erlaubt (0..0); der Zeitpunkt steht am Specimen.',
      );
    if (obs.status !== 'final') error('Observation.status', 'Observation.status muss „final“ sein.');
    coding(obs.category?.[0], 'Observation.category[0]', {
      system: 'http://terminology.hl7.org/CodeSystem/observation-category',
      code: 'laboratory',
    });
    const code = coding(obs.code, 'Observation.code', { system: LOINC, version: expected.loinc });
    const detection = code ? DETECTION_CODES[code.code] : undefined;
    if (code && !detection)
      error(
        'Observation.code.coding[0].code',
        NOT_A_DETECTION[code.code] ?? `${code.code} ist kein Nachweis-Code für SARS-CoV-2 im Atemwegsabstrich.`,
      );
    if (code && detection && code.display !== detection.display)
      warn(
        'Observation.code.coding[0].display',
        `Anzeigetext weicht vom Codesystem ab: erwartet „${detection.display}“.`,
      );
    coding(obs.method, 'Observation.method', {
      system: SNOMED,
      version: expected.snomed,
      ...(detection ? detection.method : {}),
    });
    const values = Object.keys(obs).filter((k) => k.startsWith('value'));
    if (values.length !== 1 || values[0] !== 'valueCodeableConcept')
      error('Observation.value[x]', 'Das Ergebnis muss als valueCodeableConcept stehen (nicht als Text).');
    else
      coding(obs.valueCodeableConcept, 'Observation.valueCodeableConcept', {
        system: SNOMED,
        code: '260373001',
        display: 'Detected (qualifier value)',
        version: expected.snomed,
      });
    coding(obs.interpretation?.[0], 'Observation.interpretation[0]', {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
      code: 'POS',
    });
    if (!refersTo(obs.subject, 'NotifiedPerson')) error('Observation.subject', 'subject muss auf die Person zeigen.');
    if (!refersTo(obs.specimen, 'SpecimenCVDP')) error('Observation.specimen', 'specimen muss auf die Probe zeigen.');
  }

  // DiagnosticReport (LaboratoryReportCVDP)
  const report = one('LaboratoryReportCVDP');
  if (report) {
    coding(report.code, 'DiagnosticReport.code', {
      system: 'https://demis.rki.de/fhir/CodeSystem/notificationCategory',
      code: 'cvdp',
    });
    if (report.status !== 'final') error('DiagnosticReport.status', 'DiagnosticReport.status muss „final“ sein.');
    if (!DATE_TIME.test(report.issued ?? '')) error('DiagnosticReport.issued', 'Befundzeitpunkt fehlt (1..1).');
    coding(report.conclusionCode?.[0], 'DiagnosticReport.conclusionCode[0]', {
      system: 'https://demis.rki.de/fhir/CodeSystem/conclusionCode',
      code: 'pathogenDetected',
    });
    if (report.result?.length !== 1 || !refersTo(report.result[0], 'PathogenDetectionCVDP'))
      error('DiagnosticReport.result', 'result muss genau auf den Erregernachweis zeigen.');
    if (!refersTo(report.subject, 'NotifiedPerson'))
      error('DiagnosticReport.subject', 'subject muss auf die Person zeigen.');
  }

  // the versions themselves must have the form of the live package
  if (!LOINC_VERSION.test(expected.loinc))
    error('LOINC', `LOINC-Version „${expected.loinc}“ hat kein gültiges Format.`);
  if (!SNOMED_DE_VERSION.test(expected.snomed))
    error('SNOMED', `SNOMED-Version „${expected.snomed}“ ist keine Version der deutschen Edition.`);
  return issues;
}

function checkTelecom(telecom: Json, where: string, error: (l: string, m: string) => void) {
  for (const [i, t] of (Array.isArray(telecom) ? telecom : []).entries()) {
    if (!['phone', 'email'].includes(t?.system)) error(`${where}[${i}].system`, 'Nur phone oder email.');
    if (t?.system === 'phone' && !PHONE.test(t.value ?? ''))
      error(
        `${where}[${i}].value`,
        `Telefonnummer „${t.value}“ entspricht nicht dem DEMIS-Muster (z. B. 0170 1234567).`,
      );
  }
}

/** FHIR forbids empty arrays, empty objects, empty strings and nulls anywhere. */
function checkNoEmpties(node: Json, path: string, error: (l: string, m: string) => void) {
  walk(node, path, (value, at) => {
    if (value === null) error(at, 'null ist in FHIR nicht erlaubt.');
    else if (Array.isArray(value) && value.length === 0) error(at, 'Leere Liste ist in FHIR nicht erlaubt.');
    else if (typeof value === 'string' && value.trim() === '') error(at, 'Leerer Text ist in FHIR nicht erlaubt.');
    else if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
      error(at, 'Leeres Element ist in FHIR nicht erlaubt.');
  });
}

function walk(node: Json, path: string, visit: (value: Json, path: string) => void) {
  visit(node, path);
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) walk(v, `${path}[${i}]`, visit);
  } else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`, visit);
}

const sameList = (a: unknown, b: unknown[]) =>
  Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

export const errorsOf = (issues: ConformanceIssue[]) => issues.filter((i) => i.severity === 'error');
export const warningsOf = (issues: ConformanceIssue[]) => issues.filter((i) => i.severity === 'warning');
