import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { AppointmentContext, CentreRow } from '../receipts/appointment-context.repository';
import { buildLaboratoryNotification, refusedCustomerFields } from './demis-bundle';
import { checkLaboratoryNotification, errorsOf, warningsOf } from './demis-conformance';
import { versionsOf } from './demis-terminology';

/**
 * The generated bundle against the rules of the current DEMIS profiles
 * (integrations reference), for an antigen and a PCR case and the edge
 * cases; then every rule broken on purpose, one at a time, to prove the
 * check notices each of them.
 */

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is walked freely in assertions
type Json = any;

const versions = versionsOf(testConfig());
const SD = 'https://demis.rki.de/fhir/StructureDefinition/';

const baseCentre = {
  id: 7,
  full_name: 'Testzentrum Hafen',
  phone: '040 1234567',
  email: 'hafen@zentrum.example',
  tz_street: 'Kaistraße',
  demis_cert_filename: 'hafen.p12',
  demis_account_name: 'test-lab999',
  demis_lab_id: '10285',
  demis_bsnr: '123456789',
  demis_street: 'Hafenweg',
  demis_street_nr: '3a',
  demis_zip: '20095',
  demis_city: 'Hamburg',
  prof_responsible: 'Dr. Hanna Hafen',
};

const baseCustomer = {
  id: 1,
  first_name: 'Erika',
  last_name: 'Positiv',
  birthday: '1975-01-31',
  gender: 2,
  email: 'erika@example.org',
  phone: '0170 1234567',
  street: 'Elbweg',
  street_number: '5',
  postcode: '20095',
  city: 'Hamburg',
  passport: null,
};

function build(
  opts: {
    centre?: Partial<typeof baseCentre> & Record<string, unknown>;
    customer?: Record<string, unknown>;
    pcr?: boolean;
  } = {},
) {
  let n = 0;
  const ctx = {
    appointment: {
      id: 1,
      start_date: new Date('2026-03-01T08:15:00Z'),
      res_date: new Date('2026-03-01T08:45:00Z'),
    },
    customer: { ...baseCustomer, ...opts.customer },
    service: { id: 1, title: opts.pcr ? 'PoC-PCR' : 'Antigen-Schnelltest', test_type: opts.pcr ? 5 : 1 },
    test_type_label: null,
  } as unknown as AppointmentContext;
  return buildLaboratoryNotification({
    centre: { ...baseCentre, ...opts.centre } as unknown as CentreRow,
    ctx,
    now: new Date('2026-03-01T09:00:00Z'),
    // deterministic UUIDs
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    versions,
  }).bundle as Json;
}

const resource = (bundle: Json, profile: string): Json =>
  bundle.entry.find((e: Json) => e.resource.meta.profile[0] === `${SD}${profile}`).resource;
const check = (bundle: Json) => checkLaboratoryNotification(bundle, versions);

describe('the laboratory notification as built', () => {
  it('passes every rule for a positive rapid antigen test, without a single warning', () => {
    const bundle = build();
    expect(check(bundle)).toEqual([]);
    const obs = resource(bundle, 'PathogenDetectionCVDP');
    expect(obs.code.coding).toEqual([
      {
        system: 'http://loinc.org',
        version: '2.79',
        code: '94558-4',
        display: 'SARS-CoV-2 (COVID-19) Ag [Presence] in Respiratory specimen by Rapid immunoassay',
      },
    ]);
    expect(obs.method.coding[0]).toEqual({
      system: 'http://snomed.info/sct',
      version: 'http://snomed.info/sct/11000274103/version/20241115',
      code: '121276004',
      display: 'Antigen assay (procedure)',
    });
    expect(obs.valueCodeableConcept.coding[0]).toMatchObject({
      code: '260373001',
      display: 'Detected (qualifier value)',
    });
    expect(Object.keys(obs).filter((k) => k.startsWith('effective') || k === 'valueString')).toEqual([]);
    expect(resource(bundle, 'NotificationLaboratory').category).toBeUndefined();
    expect(bundle.meta.tag).toBeUndefined();
  });

  it('reports a positive PCR with the presence code 94500-6, not the Ct-value code', () => {
    const bundle = build({ pcr: true });
    expect(check(bundle)).toEqual([]);
    const obs = resource(bundle, 'PathogenDetectionCVDP');
    expect(obs.code.coding[0]).toMatchObject({
      code: '94500-6',
      display: 'SARS-CoV-2 (COVID-19) RNA [Presence] in Respiratory specimen by NAA with probe detection',
    });
    expect(obs.method.coding[0]).toMatchObject({ code: '398545005', display: 'Nucleic acid assay (procedure)' });
  });

  it('takes the code-system versions from the configuration', () => {
    const other = { loinc: '2.80', snomed: 'http://snomed.info/sct/11000274103/version/20251115' };
    let n = 0;
    const { bundle } = buildLaboratoryNotification({
      centre: baseCentre as unknown as CentreRow,
      ctx: {
        appointment: { id: 1, start_date: new Date('2026-03-01T08:15:00Z'), res_date: null },
        customer: baseCustomer,
        service: { id: 1, title: 'Schnelltest' },
        test_type_label: null,
      } as unknown as AppointmentContext,
      now: new Date('2026-03-01T09:00:00Z'),
      newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
      versions: other,
    });
    expect(checkLaboratoryNotification(bundle, other)).toEqual([]);
    const text = JSON.stringify(bundle);
    expect(text).toContain('"version":"2.80"');
    expect(text).not.toContain('20241115');
    // a bundle of the old versions does not pass against the new package
    expect(errorsOf(check(bundle)).length).toBeGreaterThan(0);
  });

  it('puts the specimen in the hands of the submitting role, with the code system display and version', () => {
    const bundle = build();
    const specimen = resource(bundle, 'SpecimenCVDP');
    const role = resource(bundle, 'SubmittingRole');
    expect(specimen.collection).toEqual({
      collector: { reference: `PractitionerRole/${role.id}` },
      collectedDateTime: '2026-03-01T08:15:00.000Z',
    });
    expect(specimen.type.coding[0]).toEqual({
      system: 'http://snomed.info/sct',
      version: versions.snomed,
      code: '309164002',
      display: 'Upper respiratory swab sample (specimen)',
    });
    expect(specimen.receivedTime).toBe('2026-03-01T08:15:00.000Z');
  });

  it('names the centre with its participant number and BSNR, as a private test site (othPrivatLab)', () => {
    const bundle = build();
    const notifier = resource(bundle, 'NotifierFacility');
    expect(notifier.identifier).toEqual([
      { system: 'https://demis.rki.de/fhir/NamingSystem/DemisParticipantId', value: '10285' },
      { system: 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR', value: '123456789' },
    ]);
    expect(notifier.type[0].coding[0]).toEqual({
      system: 'https://demis.rki.de/fhir/CodeSystem/organizationType',
      code: 'othPrivatLab',
      display: 'Sonstige private Untersuchungsstelle',
    });
    expect(notifier.address[0]).toEqual({ line: ['Hafenweg 3a'], postalCode: '20095', city: 'Hamburg', country: 'DE' });
    expect(notifier.telecom).toEqual([
      { system: 'phone', value: '040 1234567', use: 'work' },
      { system: 'email', value: 'hafen@zentrum.example', use: 'work' },
    ]);
    expect(resource(bundle, 'SubmittingFacility').identifier).toEqual([
      { system: 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR', value: '123456789' },
    ]);
    // The account name is the OAuth username only; it never appears in the bundle.
    expect(JSON.stringify(bundle)).not.toContain('test-lab999');
  });

  it('leaves the BSNR out for a centre without one', () => {
    const bundle = build({ centre: { demis_bsnr: null as unknown as string } });
    expect(check(bundle)).toEqual([]);
    expect(resource(bundle, 'NotifierFacility').identifier).toEqual([
      { system: 'https://demis.rki.de/fhir/NamingSystem/DemisParticipantId', value: '10285' },
    ]);
    expect(resource(bundle, 'SubmittingFacility').identifier).toBeUndefined();
  });

  it('writes street and house number into the address line', () => {
    const patient = resource(build(), 'NotifiedPerson');
    expect(patient.address[0]).toMatchObject({
      line: ['Elbweg 5'],
      postalCode: '20095',
      city: 'Hamburg',
      country: 'DE',
    });
  });

  it.each([
    [3, 'D', 'divers'],
    [4, 'X', 'unbestimmt'],
  ])('reports gender %i as other with gender-amtlich-de %s', (gender, code, display) => {
    const bundle = build({ customer: { gender } });
    expect(check(bundle)).toEqual([]);
    const patient = resource(bundle, 'NotifiedPerson');
    expect(patient.gender).toBe('other');
    expect(patient._gender).toEqual({
      extension: [
        {
          url: 'http://fhir.de/StructureDefinition/gender-amtlich-de',
          valueCoding: { system: 'http://fhir.de/CodeSystem/gender-amtlich-de', code, display },
        },
      ],
    });
  });

  it.each([
    [1, 'male'],
    [2, 'female'],
    [0, 'unknown'],
  ])('reports gender %i as %s without the German extension', (gender, fhir) => {
    const patient = resource(build({ customer: { gender } }), 'NotifiedPerson');
    expect(patient.gender).toBe(fhir);
    expect(patient._gender).toBeUndefined();
  });

  it('reports for a centre without a phone through its e-mail address', () => {
    const bundle = build({ centre: { phone: null as unknown as string } });
    expect(check(bundle)).toEqual([]);
    expect(resource(bundle, 'NotifierFacility').telecom).toEqual([
      { system: 'email', value: 'hafen@zentrum.example', use: 'work' },
    ]);
  });

  it('normalises odd phone formats and leaves out a number that cannot be made valid', () => {
    const bundle = build({ customer: { phone: '0170/1234567' }, centre: { phone: 'Tel.: 040.1234567' } });
    expect(check(bundle)).toEqual([]);
    expect(resource(bundle, 'NotifiedPerson').telecom[0]).toEqual({
      system: 'phone',
      value: '0170 1234567',
      use: 'home',
    });
    expect(resource(bundle, 'NotifierFacility').telecom[0].value).toBe('040 1234567');

    const unusable = build({ customer: { phone: 'abends', email: null } });
    expect(check(unusable)).toEqual([]);
    expect(resource(unusable, 'NotifiedPerson').telecom).toBeUndefined();
  });

  it('writes no empty list for a customer without street, phone or e-mail', () => {
    const bundle = build({ customer: { street: null, street_number: '5', phone: null, email: '', birthday: null } });
    expect(check(bundle)).toEqual([]);
    const patient = resource(bundle, 'NotifiedPerson');
    expect(patient.address[0].line).toBeUndefined();
    expect(patient.telecom).toBeUndefined();
    expect(JSON.stringify(bundle)).not.toMatch(/\[\]|""|null/);
  });

  it('refuses names DEMIS would reject before building, naming the field', () => {
    expect(refusedCustomerFields({ first_name: 'Erika', last_name: 'Positiv' })).toEqual([]);
    const refused = refusedCustomerFields({ first_name: 'Erika2', last_name: 'M@ier' });
    expect(refused.map((r) => r.field)).toEqual(['first_name', 'last_name']);
    expect(refused[0]!.message).toContain('Vorname des Kunden („Erika2“)');
    expect(refused[1]!.message).toContain('Bitte in den Kundendaten korrigieren');
    expect(refusedCustomerFields({ first_name: ' ', last_name: 'Positiv' })[0]!.message).toBe(
      'Vorname des Kunden fehlt.',
    );
  });
});

describe('the conformance check notices each broken rule', () => {
  const at = (bundle: Json, profile: string) => resource(bundle, profile);
  const cases: [string, (b: Json) => void, string, 'error' | 'warning'][] = [
    [
      'Composition.category (0..0)',
      (b) => {
        at(b, 'NotificationLaboratory').category = [{ coding: [{ system: 'http://loinc.org', code: '11502-2' }] }];
      },
      'Composition.category',
      'error',
    ],
    [
      'Composition type',
      (b) => {
        at(b, 'NotificationLaboratory').type.coding[0].code = '11502-2';
      },
      'Composition.type.coding[0].code',
      'error',
    ],
    [
      'Observation.effective[x] (0..0)',
      (b) => {
        at(b, 'PathogenDetectionCVDP').effectiveDateTime = '2026-03-01T08:15:00Z';
      },
      'Observation.effectiveDateTime',
      'error',
    ],
    [
      'code.coding.version',
      (b) => {
        delete at(b, 'PathogenDetectionCVDP').code.coding[0].version;
      },
      'Observation.code.coding[0].version',
      'error',
    ],
    [
      'LOINC version of the live package',
      (b) => {
        at(b, 'PathogenDetectionCVDP').code.coding[0].version = '2.70';
      },
      'Observation.code.coding[0].version',
      'error',
    ],
    [
      'method.coding.version',
      (b) => {
        delete at(b, 'PathogenDetectionCVDP').method.coding[0].version;
      },
      'Observation.method.coding[0].version',
      'error',
    ],
    [
      'method fits the code',
      (b) => {
        at(b, 'PathogenDetectionCVDP').method.coding[0].code = '398545005';
      },
      'Observation.method.coding[0].code',
      'error',
    ],
    [
      'value as text',
      (b) => {
        const obs = at(b, 'PathogenDetectionCVDP');
        delete obs.valueCodeableConcept;
        obs.valueString = 'Positiv';
      },
      'Observation.value[x]',
      'error',
    ],
    [
      'value code 260373001',
      (b) => {
        at(b, 'PathogenDetectionCVDP').valueCodeableConcept.coding[0].code = '10828004';
      },
      'Observation.valueCodeableConcept.coding[0].code',
      'error',
    ],
    [
      'value version',
      (b) => {
        delete at(b, 'PathogenDetectionCVDP').valueCodeableConcept.coding[0].version;
      },
      'Observation.valueCodeableConcept.coding[0].version',
      'error',
    ],
    [
      'Ct-value code for PCR',
      (b) => {
        at(b, 'PathogenDetectionCVDP').code.coding[0].code = '94746-5';
      },
      'Observation.code.coding[0].code',
      'error',
    ],
    [
      'interpretation POS',
      (b) => {
        at(b, 'PathogenDetectionCVDP').interpretation[0].coding[0].code = 'NEG';
      },
      'Observation.interpretation[0].coding[0].code',
      'error',
    ],
    [
      'Specimen type version',
      (b) => {
        delete at(b, 'SpecimenCVDP').type.coding[0].version;
      },
      'Specimen.type.coding[0].version',
      'error',
    ],
    [
      'Specimen collector → SubmittingRole',
      (b) => {
        at(b, 'SpecimenCVDP').collection.collector = { reference: `PractitionerRole/${at(b, 'NotifierRole').id}` };
      },
      'Specimen.collection.collector',
      'error',
    ],
    [
      'Specimen receivedTime (1..1)',
      (b) => {
        delete at(b, 'SpecimenCVDP').receivedTime;
      },
      'Specimen.receivedTime',
      'error',
    ],
    [
      'Specimen display of the code system',
      (b) => {
        at(b, 'SpecimenCVDP').type.coding[0].display = 'Upper respiratory swab sample';
      },
      'Specimen.type.coding[0].display',
      'warning',
    ],
    [
      'method display of the code system',
      (b) => {
        at(b, 'PathogenDetectionCVDP').method.coding[0].display = 'Antigen assay';
      },
      'Observation.method.coding[0].display',
      'warning',
    ],
    [
      'no empty line',
      (b) => {
        at(b, 'NotifiedPerson').address[0].line = [];
      },
      'Bundle.entry[1].resource.address[0].line',
      'error',
    ],
    [
      'no empty telecom',
      (b) => {
        at(b, 'NotifiedPerson').telecom = [];
      },
      'Bundle.entry[1].resource.telecom',
      'error',
    ],
    [
      'no empty string',
      (b) => {
        at(b, 'NotifiedPerson').address[0].city = '';
      },
      'Bundle.entry[1].resource.address[0].city',
      'error',
    ],
    [
      'gender other needs gender-amtlich-de',
      (b) => {
        at(b, 'NotifiedPerson').gender = 'other';
      },
      'Patient.gender',
      'error',
    ],
    [
      'gender-amtlich-de is D or X',
      (b) => {
        const p = at(b, 'NotifiedPerson');
        p.gender = 'other';
        p._gender = {
          extension: [
            {
              url: 'http://fhir.de/StructureDefinition/gender-amtlich-de',
              valueCoding: { system: 'http://fhir.de/CodeSystem/gender-amtlich-de', code: 'M' },
            },
          ],
        };
      },
      'Patient.gender.extension',
      'error',
    ],
    [
      'phone pattern',
      (b) => {
        at(b, 'NotifiedPerson').telecom[0].value = '0170/1234567';
      },
      'Patient.telecom[0].value',
      'error',
    ],
    [
      'name without digits',
      (b) => {
        at(b, 'NotifiedPerson').name[0].family = 'Positiv2';
      },
      'Patient.name[0].family',
      'error',
    ],
    [
      'name without forbidden characters',
      (b) => {
        at(b, 'NotifiedPerson').name[0].given = ['Er{ka'];
      },
      'Patient.name[0].given[0]',
      'error',
    ],
    [
      'given name 1..*',
      (b) => {
        at(b, 'NotifiedPerson').name[0].given = [' '];
      },
      'Patient.name[0].given',
      'error',
    ],
    [
      'address use slice',
      (b) => {
        at(b, 'NotifiedPerson').address[0].extension[0].valueCoding.code = 'home';
      },
      'Patient.address[0].extension',
      'error',
    ],
    [
      'country ISO 3166',
      (b) => {
        at(b, 'NotifiedPerson').address[0].country = 'Deutschland';
      },
      'Patient.address[0].country',
      'error',
    ],
    [
      'facility telecom 1..*',
      (b) => {
        delete at(b, 'NotifierFacility').telecom;
      },
      'Organization(NotifierFacility).telecom',
      'error',
    ],
    [
      'facility phone pattern',
      (b) => {
        at(b, 'SubmittingFacility').telecom[0].value = '040/1234567';
      },
      'Organization(SubmittingFacility).telecom[0].value',
      'error',
    ],
    [
      'organisation type from organizationType',
      (b) => {
        at(b, 'NotifierFacility').type[0].coding[0].code = 'testcenter';
      },
      'Organization(NotifierFacility).type[0]',
      'error',
    ],
    [
      'BSNR 9 digits',
      (b) => {
        at(b, 'NotifierFacility').identifier[1].value = '12345';
      },
      'Organization(NotifierFacility).identifier[1]',
      'error',
    ],
    [
      'participant number 5–6 digits',
      (b) => {
        at(b, 'NotifierFacility').identifier[0].value = 'LAB-1';
      },
      'Organization(NotifierFacility).identifier[0]',
      'error',
    ],
    [
      'known identifier systems',
      (b) => {
        at(b, 'NotifierFacility').identifier[0].system = 'urn:lab-id';
      },
      'Organization(NotifierFacility).identifier[0]',
      'error',
    ],
    [
      'client-set meta.tag',
      (b) => {
        b.meta.tag = [{ system: 'https://demis.rki.de/fhir/CodeSystem/ResponsibleDepartment', code: '1.01.0.53.' }];
      },
      'Bundle.meta.tag',
      'warning',
    ],
    [
      'Bundle type document',
      (b) => {
        b.type = 'collection';
      },
      'Bundle.type',
      'error',
    ],
    [
      'fullUrl per resource',
      (b) => {
        b.entry[2].fullUrl = 'urn:uuid:1';
      },
      'Bundle.entry[2].fullUrl',
      'error',
    ],
    [
      'references resolve',
      (b) => {
        at(b, 'LaboratoryReportCVDP').result[0].reference = 'Observation/unbekannt';
      },
      'Bundle.entry[8].resource.result[0].reference',
      'error',
    ],
    [
      'each profile exactly once',
      (b) => {
        b.entry.splice(4, 1);
      },
      'PractitionerRole',
      'error',
    ],
    [
      'report conclusion pathogenDetected',
      (b) => {
        at(b, 'LaboratoryReportCVDP').conclusionCode[0].coding[0].code = 'pathogenNotDetected';
      },
      'DiagnosticReport.conclusionCode[0].coding[0].code',
      'error',
    ],
    [
      'report code cvdp',
      (b) => {
        at(b, 'LaboratoryReportCVDP').code.coding[0].code = 'invp';
      },
      'DiagnosticReport.code.coding[0].code',
      'error',
    ],
  ];

  it.each(cases)('%s', (_rule, breakIt, location, severity) => {
    const bundle = build();
    breakIt(bundle);
    const issues = check(bundle);
    const found = (severity === 'error' ? errorsOf(issues) : warningsOf(issues)).map((i) => i.location);
    expect(found).toContain(location);
    if (severity === 'warning') expect(errorsOf(issues)).toEqual([]);
  });

  it('says in German what is wrong', () => {
    const bundle = build();
    at(bundle, 'PathogenDetectionCVDP').effectiveDateTime = '2026-03-01T08:15:00Z';
    expect(errorsOf(check(bundle))[0]!.message).toBe(
      'Observation.effective[x] ist nicht erlaubt (0..0); der Zeitpunkt steht am Specimen.',
    );
  });
});
