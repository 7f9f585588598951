import type { AppointmentContext, CentreRow } from '../receipts/appointment-context.repository';

/**
 * The FHIR laboratory notification of a positive SARS-CoV-2 test, after the
 * current DEMIS profiles (see docs: integrations reference). Pure: ids and the
 * clock come in, so tests can check the exact structure.
 */
export const SD = 'https://demis.rki.de/fhir/StructureDefinition/';
export const BSNR_SYSTEM = 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR';
export const LOINC = 'http://loinc.org';
export const SNOMED = 'http://snomed.info/sct';
const FHIR_BASE = 'https://demis.rki.de/fhir/';

export const TEST_CODES = {
  rapidAntigen: {
    code: '94558-4',
    display: 'SARS-CoV-2 (COVID-19) Ag [Presence] in Respiratory specimen by Rapid immunoassay',
    method: { code: '121276004', display: 'Antigen assay' },
  },
  pocPcr: {
    code: '94746-5',
    display: 'SARS-CoV-2 (COVID-19) RNA [Presence] in Respiratory specimen by NAA with probe detection',
    method: { code: '398545005', display: 'Nucleic acid assay' },
  },
} as const;

/** Point-of-care PCR when the service's test type or title says PCR, else the rapid antigen test. */
export function testCodeFor(ctx: Pick<AppointmentContext, 'test_type_label' | 'service'>) {
  return /pcr/i.test(`${ctx.test_type_label ?? ''} ${ctx.service.title}`) ? TEST_CODES.pocPcr : TEST_CODES.rapidAntigen;
}

const GENDER: Record<number, string> = { 1: 'male', 2: 'female', 3: 'other', 4: 'other' };

const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });
const entry = (resource: { resourceType: string; id: string; [key: string]: unknown }) => ({
  fullUrl: `${FHIR_BASE}${resource.resourceType}/${resource.id}`,
  resource,
});
const present = <T>(v: T | null | undefined | ''): v is T => v !== null && v !== undefined && v !== '';

export interface BundleInput {
  centre: CentreRow;
  ctx: AppointmentContext;
  now: Date;
  newId: () => string;
}

export function buildLaboratoryNotification({ centre, ctx, now, newId }: BundleInput) {
  const id = {
    bundle: newId(),
    notification: newId(),
    composition: newId(),
    patient: newId(),
    notifierRole: newId(),
    notifierFacility: newId(),
    submitterRole: newId(),
    submitterFacility: newId(),
    specimen: newId(),
    observation: newId(),
    report: newId(),
  };
  const timestamp = now.toISOString();
  const collected = ctx.appointment.start_date.toISOString();
  const resultAt = (ctx.appointment.res_date ?? now).toISOString();
  const c = ctx.customer;
  const test = testCodeFor(ctx);

  const telecom = [
    present(centre.phone) && { system: 'phone', value: centre.phone, use: 'work' },
    present(centre.email) && { system: 'email', value: centre.email, use: 'work' },
  ].filter(Boolean);

  const facility = (resourceId: string, profile: string) => ({
    resourceType: 'Organization',
    id: resourceId,
    meta: { profile: [`${SD}${profile}`] },
    identifier: [{ system: BSNR_SYSTEM, value: centre.demis_lab_id }],
    type: [
      {
        coding: [
          {
            system: 'https://demis.rki.de/fhir/CodeSystem/organizationType',
            code: 'laboratory',
            display: 'Erregerdiagnostische Untersuchungsstelle',
          },
        ],
      },
    ],
    name: centre.full_name,
    telecom,
    address: [
      {
        line: [[centre.demis_street ?? centre.tz_street, centre.demis_street_nr].filter(Boolean).join(' ')],
        postalCode: centre.demis_zip,
        city: centre.demis_city,
        country: 'DE',
      },
    ],
    contact: present(centre.prof_responsible) ? [{ name: { text: centre.prof_responsible } }] : undefined,
  });

  const composition = {
    resourceType: 'Composition',
    id: id.composition,
    meta: { profile: [`${SD}NotificationLaboratory`] },
    identifier: { system: 'https://demis.rki.de/fhir/NamingSystem/NotificationId', value: id.notification },
    status: 'final',
    type: { coding: [{ system: LOINC, code: '34782-3', display: 'Infectious disease Note' }] },
    category: [{ coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }] }],
    subject: ref('Patient', id.patient),
    date: timestamp,
    author: [ref('PractitionerRole', id.notifierRole)],
    title: 'SARS-CoV-2-Erregernachweismeldung',
    section: [
      {
        code: { coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }] },
        entry: [ref('DiagnosticReport', id.report)],
      },
    ],
  };

  const patient = {
    resourceType: 'Patient',
    id: id.patient,
    meta: { profile: [`${SD}NotifiedPerson`] },
    name: [{ use: 'official', family: c.last_name, given: [c.first_name] }],
    telecom: [
      present(c.phone) && { system: 'phone', value: c.phone, use: 'home' },
      present(c.email) && { system: 'email', value: c.email, use: 'home' },
    ].filter(Boolean),
    gender: GENDER[c.gender] ?? 'unknown',
    birthDate: c.birthday ?? undefined,
    address: [
      {
        extension: [
          {
            url: `${SD}AddressUse`,
            valueCoding: {
              system: 'https://demis.rki.de/fhir/CodeSystem/addressUse',
              code: 'primary',
              display: 'Hauptwohnsitz',
            },
          },
        ],
        line: present(c.street) ? [c.street] : [],
        postalCode: c.postcode ?? undefined,
        city: c.city ?? undefined,
        country: 'DE',
      },
    ],
  };

  const specimen = {
    resourceType: 'Specimen',
    id: id.specimen,
    meta: { profile: [`${SD}SpecimenCVDP`] },
    status: 'available',
    type: { coding: [{ system: SNOMED, code: '309164002', display: 'Upper respiratory swab sample' }] },
    subject: ref('Patient', id.patient),
    receivedTime: collected,
    collection: { collectedDateTime: collected },
  };

  const observation = {
    resourceType: 'Observation',
    id: id.observation,
    meta: { profile: [`${SD}PathogenDetectionCVDP`] },
    status: 'final',
    category: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
      },
    ],
    code: { coding: [{ system: LOINC, code: test.code, display: test.display }] },
    subject: ref('Patient', id.patient),
    effectiveDateTime: collected,
    valueString: 'Positiv',
    interpretation: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'POS' }],
      },
    ],
    method: { coding: [{ system: SNOMED, ...test.method }] },
    specimen: ref('Specimen', id.specimen),
  };

  const report = {
    resourceType: 'DiagnosticReport',
    id: id.report,
    meta: { profile: [`${SD}LaboratoryReportCVDP`] },
    basedOn: undefined,
    status: 'final',
    code: {
      coding: [
        {
          system: 'https://demis.rki.de/fhir/CodeSystem/notificationCategory',
          code: 'cvdp',
          display: 'Severe-Acute-Respiratory-Syndrome-Coronavirus-2 (SARS-CoV-2)',
        },
      ],
    },
    subject: ref('Patient', id.patient),
    issued: resultAt,
    result: [ref('Observation', id.observation)],
    conclusionCode: [
      {
        coding: [
          {
            system: 'https://demis.rki.de/fhir/CodeSystem/conclusionCode',
            code: 'pathogenDetected',
            display: 'Meldepflichtiger Erreger nachgewiesen',
          },
        ],
      },
    ],
  };

  // The health department the centre is assigned to (centre settings).
  const department = present(centre.health_department_testcenter_id) || present(centre.health_department);
  const bundle = {
    resourceType: 'Bundle',
    id: id.bundle,
    meta: {
      lastUpdated: timestamp,
      profile: [`${SD}NotificationBundleLaboratory`],
      tag: department
        ? [
            {
              system: 'https://demis.rki.de/fhir/CodeSystem/ResponsibleDepartment',
              code: centre.health_department_testcenter_id ?? centre.health_department_zip ?? '',
              display: centre.health_department ?? undefined,
            },
          ]
        : undefined,
    },
    identifier: { system: 'https://demis.rki.de/fhir/NamingSystem/NotificationBundleId', value: id.bundle },
    type: 'document',
    timestamp,
    entry: [
      entry(composition),
      entry(patient),
      entry({
        resourceType: 'PractitionerRole',
        id: id.notifierRole,
        meta: { profile: [`${SD}NotifierRole`] },
        organization: ref('Organization', id.notifierFacility),
      }),
      entry(facility(id.notifierFacility, 'NotifierFacility')),
      entry({
        resourceType: 'PractitionerRole',
        id: id.submitterRole,
        meta: { profile: [`${SD}SubmittingRole`] },
        organization: ref('Organization', id.submitterFacility),
      }),
      entry(facility(id.submitterFacility, 'SubmittingFacility')),
      entry(specimen),
      entry(observation),
      entry(report),
    ],
  };
  // JSON round trip drops undefined members, as FHIR wants no nulls/empties.
  return { bundle: JSON.parse(JSON.stringify(bundle)) as Record<string, unknown>, notificationId: id.notification };
}
