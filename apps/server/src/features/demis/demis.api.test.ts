import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { appointments } from '../../db/schema/appointments';
import { demisReports } from '../../db/schema/demis';
import { auditLog } from '../../db/schema/platform';
import { FAKE_PDF, makeCertificates, startFakeDemis } from '../../test/demis-fake';
import { centreWithUser, createAppointmentRow, createUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadDemisCertificate } from '../settings/demis-certificate';
import type { DemisCertificate } from './demis-certificate-source';
import { DemisTransportError, sendNotification } from './demis-client';
import { versionsOf } from './demis-terminology';

const NOTIFICATION_PATH = 'notifications/pathogen/v6/fhir/$process-notification';
const SD = 'https://demis.rki.de/fhir/StructureDefinition/';

let t: TestApp;
let certs: ReturnType<typeof makeCertificates>;
let demis: Awaited<ReturnType<typeof startFakeDemis>>;
/** The certificate each centre "uploaded". */
const uploaded = new Map<number, DemisCertificate>();

beforeAll(async () => {
  certs = makeCertificates();
  demis = await startFakeDemis(certs, NOTIFICATION_PATH, {
    versions: versionsOf(testConfig()),
    clientId: 'demis-test',
    clientSecret: 'geheimnis',
  });
  t = await createTestApp({
    demisUrl: demis.url,
    demisCaFile: certs.caFile,
    demisNotificationPath: NOTIFICATION_PATH,
    demisClientSecret: 'geheimnis',
  });
  t.deps.demisCertificateSource = async (staffId) => uploaded.get(staffId);
});
afterAll(async () => {
  await t.close();
  await demis.close();
  certs.cleanup();
});

const demisCentre = {
  full_name: 'Testzentrum Hafen',
  phone: '040 123',
  email: 'hafen@zentrum.example',
  demis_cert_filename: 'hafen.p12',
  demis_account_name: 'test-lab999',
  demis_lab_id: '10285',
  demis_bsnr: '123456789',
  demis_street: 'Hafenweg',
  demis_street_nr: '3',
  demis_zip: '20095',
  demis_city: 'Hamburg',
  health_department: 'Gesundheitsamt Hamburg-Mitte',
  health_department_testcenter_id: 'HH-MITTE-42',
};

async function setup(centre: Record<string, unknown> = {}, cert: 'ours' | 'foreign' | 'none' = 'ours') {
  const s = await centreWithUser(t.app, t.database.db, ROLE.staff, { ...demisCentre, ...centre });
  if (cert !== 'none')
    uploaded.set(s.centre.id, { pfx: cert === 'ours' ? certs.clientP12 : certs.foreignP12, passphrase: 'geheim' });
  const report = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/${s.centre.id}/demis/reports/${token}`,
      headers: s.headers,
      payload: {},
    });
  return { ...s, report };
}

/** An appointment whose customer has a name DEMIS accepts (the factory's default carries digits). */
const appointmentFor = (staffId: number, opts: Parameters<typeof createAppointmentRow>[2] = {}) =>
  createAppointmentRow(t.database.db, staffId, { ...opts, customer: { last_name: 'Muster', ...opts.customer } });

const positive = { res_detected: 2, res_date: new Date('2024-03-01T08:45:00Z') };

async function demisStatus(id: number) {
  const [row] = await t.database.db
    .select({ s: appointments.demis_status })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.s;
}

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is walked freely in assertions
type Json = Record<string, any>;
type Res = { resourceType: string; id: string; meta?: { profile?: string[] }; [k: string]: unknown };

describe('DEMIS report', () => {
  it('sends the laboratory notification over mutual TLS and marks the test reported', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, {
      customer: {
        first_name: 'Erika',
        last_name: 'Positiv',
        birthday: '1975-01-31',
        gender: 2,
        street: 'Elbweg 5',
        postcode: '20095',
        city: 'Hamburg',
      },
      service: { title: 'Antigen-Schnelltest', test_type: 1 },
      appointment: positive,
    });
    const before = demis.notifications.length;
    const res = await s.report(appointment.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ demis_status: 'success', message: MSG.demisReported, warnings: [] });
    expect(demis.notifications).toHaveLength(before + 1);

    const sent = demis.notifications.at(-1)!;
    expect(sent.clientCn).toBe('demis-lab-4711');
    expect(sent.contentType).toBe('application/fhir+json');
    const token = demis.tokenRequests.at(-1)!;
    // The username is the DEMIS account name, the client the test environment's.
    expect(Object.fromEntries(token)).toEqual({
      grant_type: 'password',
      client_id: 'demis-test',
      username: 'test-lab999',
      client_secret: 'geheimnis',
    });

    // Parameters with one parameter "content" holding the bundle
    expect(sent.body.resourceType).toBe('Parameters');
    expect(sent.body.parameter.map((p) => p.name)).toEqual(['content']);
    const bundle = sent.body.parameter[0]!.resource as {
      type: string;
      meta: { profile: string[]; tag?: { code: string }[] };
      entry: { fullUrl: string; resource: Res }[];
    };
    expect(bundle.type).toBe('document');
    expect(bundle.meta.profile).toEqual([`${SD}NotificationBundleLaboratory`]);
    // DEMIS assigns the health office itself and drops client-set tags.
    expect(bundle.meta.tag).toBeUndefined();
    const resources = bundle.entry.map((e) => e.resource);
    const profiles = resources.map((r) => r.meta?.profile?.[0]?.replace(SD, ''));
    expect(profiles).toEqual([
      'NotificationLaboratory',
      'NotifiedPerson',
      'NotifierRole',
      'NotifierFacility',
      'SubmittingRole',
      'SubmittingFacility',
      'SpecimenCVDP',
      'PathogenDetectionCVDP',
      'LaboratoryReportCVDP',
    ]);
    // Every reference points at an entry of the bundle.
    const ids = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    const refs = JSON.stringify(bundle)
      .match(/"reference":"([^"]+)"/g)!
      .map((m) => m.slice(13, -1));
    expect(refs.length).toBeGreaterThan(8);
    for (const r of refs) expect(ids.has(r), r).toBe(true);

    const byProfile = (p: string) => resources.find((r) => r.meta?.profile?.[0] === `${SD}${p}`) as Json;
    const composition = byProfile('NotificationLaboratory');
    expect(composition.type.coding[0]).toMatchObject({ system: 'http://loinc.org', code: '34782-3' });
    expect(composition.category).toBeUndefined();
    const patient = byProfile('NotifiedPerson');
    expect(patient.name[0]).toMatchObject({ family: 'Positiv', given: ['Erika'] });
    expect(patient).toMatchObject({ gender: 'female', birthDate: '1975-01-31' });
    expect(patient.address[0]).toMatchObject({ line: ['Elbweg 5'], postalCode: '20095', city: 'Hamburg' });
    const facility = byProfile('NotifierFacility');
    expect(facility.identifier).toEqual([
      { system: 'https://demis.rki.de/fhir/NamingSystem/DemisParticipantId', value: '10285' },
      { system: 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR', value: '123456789' },
    ]);
    expect(facility.name).toBe('Testzentrum Hafen');
    expect(facility.address[0]).toMatchObject({ line: ['Hafenweg 3'], postalCode: '20095', city: 'Hamburg' });
    const specimen = byProfile('SpecimenCVDP');
    expect(specimen.type.coding[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '309164002' });
    const observation = byProfile('PathogenDetectionCVDP');
    expect(observation.code.coding[0]).toMatchObject({ system: 'http://loinc.org', code: '94558-4' });
    expect(observation.method.coding[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '121276004' });
    expect(observation.valueString).toBeUndefined();
    expect(observation.effectiveDateTime).toBeUndefined();
    expect(observation.valueCodeableConcept.coding[0]).toMatchObject({
      system: 'http://snomed.info/sct',
      code: '260373001',
      version: 'http://snomed.info/sct/11000274103/version/20241115',
    });
    expect(observation.interpretation[0].coding[0].code).toBe('POS');
    const report = byProfile('LaboratoryReportCVDP');
    expect(report.code.coding[0].code).toBe('cvdp');
    expect(report.conclusionCode[0].coding[0].code).toBe('pathogenDetected');

    // Stored: request, answer, receipt PDF; appointment reported; audited.
    expect(await demisStatus(appointment.id)).toBe('success');
    const [row] = await t.database.db
      .select()
      .from(demisReports)
      .where(eq(demisReports.appointment_id, appointment.id));
    expect(row).toMatchObject({
      status: 'success',
      http_status: 200,
      receipt_pdf: FAKE_PDF,
      error: null,
      warnings: null,
    });
    expect(row!.request_bundle).toEqual(bundle);
    expect((row!.response as { resourceType: string }).resourceType).toBe('Parameters');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(appointment.id)));
    expect(audit.find((a) => a.action === 'demis_report')?.after).toMatchObject({ demis_status: 'success' });

    // The same test cannot be reported twice.
    const again = await s.report(appointment.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.demisAlreadyReported);
    expect(demis.notifications).toHaveLength(before + 1);
  });

  it('reports a point-of-care PCR with a presence code, not the Ct-value code', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, {
      service: { title: 'PoC-PCR', test_type: 5 },
      appointment: positive,
    });
    expect((await s.report(appointment.token)).statusCode).toBe(200);
    const bundle = demis.notifications.at(-1)!.body.parameter[0]!.resource as { entry: { resource: Res }[] };
    const obs = bundle.entry.find((e) => e.resource.resourceType === 'Observation')!.resource as Json;
    expect(obs.code.coding[0].code).toBe('94500-6');
    expect(demis.notifications.at(-1)!.body.parameter[0]!.resource).not.toHaveProperty('meta.tag');
  });

  it('reports only positive results', async () => {
    const s = await setup();
    for (const res_detected of [1, 4, null]) {
      const { appointment } = await appointmentFor(s.centre.id, { appointment: { res_detected } });
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.demisOnlyPositive);
    }
  });

  it('refuses with "Missing DEMIS settings" when a setting or the certificate is missing', async () => {
    for (const [centre, cert] of [
      [{ demis_lab_id: null }, 'ours'],
      [{ demis_account_name: ' ' }, 'ours'],
      [{ phone: null, email: null }, 'ours'],
      [{ demis_zip: '' }, 'ours'],
      [{ demis_cert_filename: null }, 'ours'],
      [{}, 'none'],
    ] as const) {
      const s = await setup(centre, cert);
      const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'DEMIS_SETTINGS_MISSING', message: MSG.missingDemisSettings });
      const el = await t.app.inject({
        method: 'GET',
        url: `/api/staff/${s.centre.id}/demis/eligibility`,
        headers: s.headers,
      });
      expect(el.json().eligible).toBe(false);
    }
    const ok = await setup();
    const el = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${ok.centre.id}/demis/eligibility`,
      headers: ok.headers,
    });
    expect(el.json()).toEqual({ eligible: true, missing: [], certificate: true });
  });

  it('shows the error of a refused client certificate and marks nothing reported', async () => {
    const s = await setup({}, 'foreign');
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const res = await s.report(appointment.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('DEMIS_ERROR');
    expect(res.json().message).toContain(MSG.demisFailed);
    expect(res.json().details.status).toBe(0);
    expect(await demisStatus(appointment.id)).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(demisReports)
      .where(eq(demisReports.appointment_id, appointment.id));
    expect(row?.status).toBe('error');
    expect(row?.error).toContain('Verbindung zu DEMIS fehlgeschlagen');

    // With the right certificate the same test can be reported afterwards.
    uploaded.set(s.centre.id, { pfx: certs.clientP12, passphrase: 'geheim' });
    expect((await s.report(appointment.token)).statusCode).toBe(200);
    expect(await demisStatus(appointment.id)).toBe('success');
  });

  it('DEMIS unreachable (issue 16, faults): the report fails visibly, nothing is marked reported, and it can be retried', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const url = t.deps.config.demisUrl;
    t.deps.config.demisUrl = 'https://127.0.0.1:1/';
    try {
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('DEMIS_ERROR');
      expect(res.json().message).toContain(MSG.demisFailed);
      expect(await demisStatus(appointment.id)).toBeNull();
    } finally {
      t.deps.config.demisUrl = url;
    }
    expect((await s.report(appointment.token)).statusCode).toBe(200);
    expect(await demisStatus(appointment.id)).toBe('success');
  });

  it("carries DEMIS' status and reason when DEMIS rejects the notification", async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    demis.rejectWith({ status: 422, diagnostics: 'Postleitzahl unbekannt' });
    try {
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('Status 422');
      expect(res.json().message).toContain('Postleitzahl unbekannt');
      expect(res.json().details.status).toBe(422);
    } finally {
      demis.rejectWith(undefined);
    }
    expect(await demisStatus(appointment.id)).toBeNull();
  });

  it('reports a test only once even when clicked twice at the same time', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const before = demis.notifications.length;
    const results = await Promise.all([s.report(appointment.token), s.report(appointment.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(demis.notifications).toHaveLength(before + 1);
  });

  it("does not find another centre's test", async () => {
    const s = await setup();
    const other = await setup();
    const { appointment } = await appointmentFor(other.centre.id, { appointment: positive });
    expect((await s.report(appointment.token)).statusCode).toBe(404);
  });

  it('names what is missing: the account name and a way to contact the centre', async () => {
    const s = await setup({ demis_account_name: null, phone: 'nur per Post', email: null });
    const el = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${s.centre.id}/demis/eligibility`,
      headers: s.headers,
    });
    expect(el.json()).toEqual({
      eligible: false,
      missing: ['demis_account_name', 'phone_or_email'],
      certificate: false,
    });
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const res = await s.report(appointment.token);
    expect(res.json()).toMatchObject({
      error: 'DEMIS_SETTINGS_MISSING',
      details: { missing: ['demis_account_name', 'phone_or_email'] },
    });
  });

  it('reports for a diverse customer without street and with an odd phone number, through the centre e-mail', async () => {
    const s = await setup({ phone: null });
    const { appointment } = await appointmentFor(s.centre.id, {
      customer: { first_name: 'Kim', last_name: 'Divers', gender: 3, street: null, phone: '0170/1234567', email: null },
      appointment: positive,
    });
    const res = await s.report(appointment.token);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = demis.notifications.at(-1)!.body.parameter[0]!.resource as { entry: { resource: Json }[] };
    const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')!.resource;
    expect(patient.gender).toBe('other');
    expect(patient._gender.extension[0].valueCoding.code).toBe('D');
    expect(patient.telecom).toEqual([{ system: 'phone', value: '0170 1234567', use: 'home' }]);
    expect(patient.address[0].line).toBeUndefined();
    const facility = bundle.entry.find((e) => e.resource.meta.profile[0] === `${SD}NotifierFacility`)!.resource;
    expect(facility.telecom).toEqual([{ system: 'email', value: 'hafen@zentrum.example', use: 'work' }]);
  });

  it('refuses a customer name DEMIS would reject before sending, naming the field to fix', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, {
      customer: { first_name: 'Erika', last_name: 'Positiv2' },
      appointment: positive,
    });
    const before = demis.notifications.length;
    const res = await s.report(appointment.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('DEMIS_DATA_INVALID');
    expect(res.json().message).toContain(MSG.demisDataInvalid);
    expect(res.json().details).toEqual([
      { field: 'last_name', message: expect.stringContaining('Nachname des Kunden („Positiv2“)') },
    ]);
    expect(demis.notifications).toHaveLength(before);
    const rows = await t.database.db.select().from(demisReports).where(eq(demisReports.appointment_id, appointment.id));
    expect(rows).toEqual([]);
  });

  it('refuses to send without a client secret, as a configuration error of the server', async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const before = demis.tokenRequests.length;
    const secret = t.deps.config.demisClientSecret;
    t.deps.config.demisClientSecret = '';
    try {
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'DEMIS_NOT_CONFIGURED', message: MSG.demisNotConfigured });
    } finally {
      t.deps.config.demisClientSecret = secret;
    }
    expect(demis.tokenRequests).toHaveLength(before);
    expect(await demisStatus(appointment.id)).toBeNull();
  });

  it("keeps DEMIS' warnings of a successful answer with the report and returns them", async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    demis.warnWith(['Die Postleitzahl passt nicht zum Ort.']);
    try {
      const res = await s.report(appointment.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().warnings).toEqual(['Die Postleitzahl passt nicht zum Ort.']);
    } finally {
      demis.warnWith([]);
    }
    const [row] = await t.database.db
      .select()
      .from(demisReports)
      .where(eq(demisReports.appointment_id, appointment.id));
    expect(row!.warnings).toEqual([{ severity: 'warning', diagnostics: 'Die Postleitzahl passt nicht zum Ort.' }]);
  });

  it("answers like DEMIS when the live package moved on: 422 with diagnostics, shown with the report's error", async () => {
    const s = await setup();
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    demis.expectVersions({ loinc: '2.80', snomed: 'http://snomed.info/sct/11000274103/version/20251115' });
    try {
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('Status 422');
      expect(res.json().details.status).toBe(422);
      const diagnostics = res.json().details.diagnostics as {
        severity: string;
        diagnostics: string;
        location: string;
      }[];
      expect(diagnostics).toContainEqual({
        severity: 'error',
        diagnostics: 'Version „2.79“ statt der geltenden „2.80“.',
        location: 'Observation.code.coding[0].version',
      });
      expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
    } finally {
      demis.expectVersions(versionsOf(testConfig()));
    }
    expect(await demisStatus(appointment.id)).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(demisReports)
      .where(eq(demisReports.appointment_id, appointment.id));
    expect(row).toMatchObject({ status: 'error', http_status: 422 });
  });

  it('the stand-in refuses a bundle that breaks the profiles (valueString, effective[x], no Composition): 422 with an OperationOutcome', async () => {
    const broken = {
      resourceType: 'Bundle',
      type: 'document',
      entry: [
        {
          fullUrl: 'https://demis.rki.de/fhir/Observation/1',
          resource: {
            resourceType: 'Observation',
            id: '1',
            meta: { profile: [`${SD}PathogenDetectionCVDP`] },
            effectiveDateTime: '2026-03-01T08:15:00Z',
            valueString: 'Positiv',
          },
        },
      ],
    };
    const error = await sendNotification(
      { ...t.deps.config, demisUrl: demis.url, demisCaFile: certs.caFile },
      { pfx: certs.clientP12, passphrase: 'geheim' },
      'test-lab999',
      broken,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DemisTransportError);
    const e = error as DemisTransportError;
    expect(e.status).toBe(422);
    const body = e.body as { resourceType: string; issue: { diagnostics: string; location: string[] }[] };
    expect(body.resourceType).toBe('OperationOutcome');
    const locations = body.issue.map((i) => i.location[0]);
    expect(locations).toEqual(
      expect.arrayContaining(['Observation.effectiveDateTime', 'Observation.value[x]', 'Composition']),
    );
  });

  it('reports with a legacy (RC2-40/3DES) certificate once uploaded: the upload re-encrypts it', async () => {
    const s = await setup({}, 'none');
    // the centre's administrator uploads it in the settings
    const user = await createUser(t.database.db, { staff_id: s.centre.id, role_id: ROLE.admin });
    const { token } = await login(t.app, user.email);
    const boundary = '----tz-legacy';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\ngeheim\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="legacy.p12"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      certs.clientLegacyP12,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${s.centre.id}/settings/demis-certificate`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    uploaded.set(s.centre.id, (await loadDemisCertificate(t.database.db, t.deps.config, s.centre.id))!);
    const { appointment } = await appointmentFor(s.centre.id, { appointment: positive });
    const res = await s.report(appointment.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(demis.notifications.at(-1)!.clientCn).toBe('demis-lab-4711');
  });
});
