import {
  DEMIS_NAME_FORBIDDEN_CHARS,
  demisNameRefused,
  isDemisEmail,
  normaliseDemisPhone,
} from '@tz/shared/rules/demis-contact';
import type { AppointmentContext, CentreRow } from '../receipts/appointment-context.repository';
import {
  BSNR_SYSTEM,
  type CodeSystemVersions,
  DETECTED,
  FHIR_BASE,
  GENDER,
  GENDER_AMTLICH_SYSTEM,
  GENDER_AMTLICH_URL,
  LOINC,
  ORGANIZATION_TYPE,
  PARTICIPANT_SYSTEM,
  SD,
  SNOMED,
  SPECIMEN_TYPE,
  TEST_CODES,
} from './demis-terminology';

/**
 * The FHIR laboratory notification of a positive SARS-CoV-2 test, after the
 * current DEMIS profiles (integrations reference; checked by
 * demis-conformance.ts). Pure: ids, the clock and the code-system versions
 * come in, so tests can check the exact structure.
 */

/** PCR when the service's test type or title says PCR, else the rapid antigen test. */
export function testCodeFor(ctx: Pick<AppointmentContext, 'test_type_label' | 'service'>) {
  return /pcr/i.test(`${ctx.test_type_label ?? ''} ${ctx.service.title}`) ? TEST_CODES.pcr : TEST_CODES.rapidAntigen;
}

const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });
const entry = (resource: { resourceType: string; id: string; [key: string]: unknown }) => ({
  fullUrl: `${FHIR_BASE}${resource.resourceType}/${resource.id}`,
  resource,
});
const present = (v: string | null | undefined): v is string => !!v?.trim();
/** FHIR allows no empty arrays: an empty list becomes "absent". */
const nonEmpty = <T>(items: (T | false | null | undefined)[]): T[] | undefined => {
  const kept = items.filter(Boolean) as T[];
  return kept.length > 0 ? kept : undefined;
};
const joinLine = (...parts: (string | null | undefined)[]) =>
  parts
    .filter(present)
    .map((p) => p.trim())
    .join(' ');

/** A customer field DEMIS would refuse, with the German message that says what to fix. */
export interface RefusedField {
  field: 'first_name' | 'last_name';
  message: string;
}

/**
 * Names are 1..1 / 1..* in NotifiedPerson and cannot be left out, so a name
 * DEMIS refuses stops the report before anything is sent.
 */
export function refusedCustomerFields(customer: Pick<AppointmentContext['customer'], 'first_name' | 'last_name'>) {
  const problems: RefusedField[] = [];
  const check = (field: RefusedField['field'], label: string, value: string | null) => {
    if (!value?.trim()) problems.push({ field, message: `${label} des Kunden fehlt.` });
    else if (demisNameRefused(value))
      problems.push({
        field,
        message: `${label} des Kunden („${value}“) enthält Ziffern oder eines der Zeichen ${DEMIS_NAME_FORBIDDEN_CHARS}, die DEMIS nicht annimmt. Bitte in den Kundendaten korrigieren.`,
      });
  };
  check('first_name', 'Vorname', customer.first_name);
  check('last_name', 'Nachname', customer.last_name);
  return problems;
}

export interface BundleInput {
  centre: CentreRow;
  ctx: AppointmentContext;
  now: Date;
  newId: () => string;
  versions: CodeSystemVersions;
}

export function buildLaboratoryNotification({ centre, ctx, now, newId, versions }: BundleInput) {
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
  const loinc = (code: string, display: string) => ({ system: LOINC, version: versions.loinc, code, display });
  const snomed = (code: string, display: string) => ({ system: SNOMED, version: versions.snomed, code, display });

  // Phones DEMIS would refuse are normalised or left out (eligibility guarantees the centre one contact).
  const centrePhone = normaliseDemisPhone(centre.phone);
  const facilityTelecom = nonEmpty([
    centrePhone && { system: 'phone', value: centrePhone, use: 'work' },
    isDemisEmail(centre.email) && { system: 'email', value: centre.email!.trim(), use: 'work' },
  ]);
  const bsnr = present(centre.demis_bsnr) ? { system: BSNR_SYSTEM, value: centre.demis_bsnr.trim() } : undefined;
  const participant = present(centre.demis_lab_id)
    ? { system: PARTICIPANT_SYSTEM, value: centre.demis_lab_id.trim() }
    : undefined;
  const facilityLine = joinLine(centre.demis_street ?? centre.tz_street, centre.demis_street_nr);

  const facility = (resourceId: string, profile: string, identifiers: (typeof bsnr)[]) => ({
    resourceType: 'Organization',
    id: resourceId,
    meta: { profile: [`${SD}${profile}`] },
    identifier: nonEmpty(identifiers),
    type: [{ coding: [{ ...ORGANIZATION_TYPE }] }],
    name: centre.full_name,
    telecom: facilityTelecom,
    address: [
      {
        line: facilityLine ? [facilityLine] : undefined,
        postalCode: centre.demis_zip ?? undefined,
        city: centre.demis_city ?? undefined,
        country: 'DE',
      },
    ],
    contact: present(centre.prof_responsible) ? [{ name: { text: centre.prof_responsible.trim() } }] : undefined,
  });

  // No category: 0..0 in the current NotificationLaboratory profile.
  const composition = {
    resourceType: 'Composition',
    id: id.composition,
    meta: { profile: [`${SD}NotificationLaboratory`] },
    identifier: { system: 'https://demis.rki.de/fhir/NamingSystem/NotificationId', value: id.notification },
    status: 'final',
    type: { coding: [{ system: LOINC, code: '34782-3', display: 'Infectious disease Note' }] },
    subject: ref('Patient', id.patient),
    date: timestamp,
    author: [ref('PractitionerRole', id.notifierRole)],
    title: 'Erregernachweismeldung',
    section: [
      {
        code: { coding: [{ system: LOINC, code: '11502-2', display: 'Laboratory report' }] },
        entry: [ref('DiagnosticReport', id.report)],
      },
    ],
  };

  const gender = GENDER[c.gender] ?? GENDER[0]!;
  const customerPhone = normaliseDemisPhone(c.phone);
  const patient = {
    resourceType: 'Patient',
    id: id.patient,
    meta: { profile: [`${SD}NotifiedPerson`] },
    name: [{ use: 'official', family: c.last_name.trim(), given: [c.first_name.trim()] }],
    telecom: nonEmpty([
      customerPhone && { system: 'phone', value: customerPhone, use: 'home' },
      isDemisEmail(c.email) && { system: 'email', value: c.email!.trim(), use: 'home' },
    ]),
    gender: gender.gender,
    // The official German gender (D / X) rides on the primitive: FHIR JSON puts it under "_gender".
    _gender: gender.amtlich
      ? {
          extension: [
            {
              url: GENDER_AMTLICH_URL,
              valueCoding: { system: GENDER_AMTLICH_SYSTEM, ...gender.amtlich },
            },
          ],
        }
      : undefined,
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
        line: present(c.street) ? [joinLine(c.street, c.street_number)] : undefined,
        postalCode: present(c.postcode) ? c.postcode.trim() : undefined,
        city: present(c.city) ? c.city.trim() : undefined,
        country: 'DE',
      },
    ],
  };

  const specimen = {
    resourceType: 'Specimen',
    id: id.specimen,
    meta: { profile: [`${SD}SpecimenCVDP`] },
    status: 'available',
    type: { coding: [snomed(SPECIMEN_TYPE.code, SPECIMEN_TYPE.display)] },
    subject: ref('Patient', id.patient),
    receivedTime: collected,
    collection: { collector: ref('PractitionerRole', id.submitterRole), collectedDateTime: collected },
  };

  // No effective[x]: 0..0 in PathogenDetectionCVDP, the time lives on the Specimen.
  const observation = {
    resourceType: 'Observation',
    id: id.observation,
    meta: { profile: [`${SD}PathogenDetectionCVDP`] },
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: { coding: [loinc(test.code, test.display)] },
    subject: ref('Patient', id.patient),
    valueCodeableConcept: { coding: [snomed(DETECTED.code, DETECTED.display)] },
    interpretation: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
            code: 'POS',
            display: 'Positive',
          },
        ],
      },
    ],
    method: { coding: [snomed(test.method.code, test.method.display)] },
    specimen: ref('Specimen', id.specimen),
  };

  const report = {
    resourceType: 'DiagnosticReport',
    id: id.report,
    meta: { profile: [`${SD}LaboratoryReportCVDP`] },
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

  // No meta.tag: DEMIS removes client-set tags and assigns the responsible health office itself.
  const bundle = {
    resourceType: 'Bundle',
    id: id.bundle,
    meta: { lastUpdated: timestamp, profile: [`${SD}NotificationBundleLaboratory`] },
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
      entry(facility(id.notifierFacility, 'NotifierFacility', [participant, bsnr])),
      entry({
        resourceType: 'PractitionerRole',
        id: id.submitterRole,
        meta: { profile: [`${SD}SubmittingRole`] },
        organization: ref('Organization', id.submitterFacility),
      }),
      entry(facility(id.submitterFacility, 'SubmittingFacility', [bsnr])),
      entry(specimen),
      entry(observation),
      entry(report),
    ],
  };
  // JSON round trip drops undefined members, as FHIR wants no nulls or empties.
  return { bundle: JSON.parse(JSON.stringify(bundle)) as Record<string, unknown>, notificationId: id.notification };
}
