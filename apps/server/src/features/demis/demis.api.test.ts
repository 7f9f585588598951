import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { demisReports } from '../../db/schema/demis';
import { auditLog } from '../../db/schema/platform';
import { FAKE_PDF, makeCertificates, startFakeDemis } from '../../test/demis-fake';
import { centreWithUser, createAppointmentRow } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DemisCertificate } from './demis-certificate-source';

const NOTIFICATION_PATH = 'notifications/pathogen/v6/fhir/$process-notification';
const SD = 'https://demis.rki.de/fhir/StructureDefinition/';

let t: TestApp;
let certs: ReturnType<typeof makeCertificates>;
let demis: Awaited<ReturnType<typeof startFakeDemis>>;
/** The certificate each centre "uploaded". */
const uploaded = new Map<number, DemisCertificate>();

beforeAll(async () => {
  certs = makeCertificates();
  demis = await startFakeDemis(certs, NOTIFICATION_PATH);
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
  demis_lab_id: '123456789',
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
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
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
    expect(res.json()).toMatchObject({ demis_status: 'success', message: MSG.demisReported });
    expect(demis.notifications).toHaveLength(before + 1);

    const sent = demis.notifications.at(-1)!;
    expect(sent.clientCn).toBe('demis-lab-4711');
    expect(sent.contentType).toBe('application/fhir+json');
    const token = demis.tokenRequests.at(-1)!;
    expect(Object.fromEntries(token)).toMatchObject({
      grant_type: 'password',
      username: '123456789',
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
    expect(bundle.meta.tag?.[0]?.code).toBe('HH-MITTE-42');
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
    expect(composition.category[0].coding[0]).toMatchObject({ system: 'http://loinc.org', code: '11502-2' });
    const patient = byProfile('NotifiedPerson');
    expect(patient.name[0]).toMatchObject({ family: 'Positiv', given: ['Erika'] });
    expect(patient).toMatchObject({ gender: 'female', birthDate: '1975-01-31' });
    expect(patient.address[0]).toMatchObject({ line: ['Elbweg 5'], postalCode: '20095', city: 'Hamburg' });
    const facility = byProfile('NotifierFacility');
    expect(facility.identifier[0]).toEqual({
      system: 'https://fhir.kbv.de/NamingSystem/KBV_NS_Base_BSNR',
      value: '123456789',
    });
    expect(facility.name).toBe('Testzentrum Hafen');
    expect(facility.address[0]).toMatchObject({ line: ['Hafenweg 3'], postalCode: '20095', city: 'Hamburg' });
    const specimen = byProfile('SpecimenCVDP');
    expect(specimen.type.coding[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '309164002' });
    const observation = byProfile('PathogenDetectionCVDP');
    expect(observation.code.coding[0]).toMatchObject({ system: 'http://loinc.org', code: '94558-4' });
    expect(observation.method.coding[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '121276004' });
    expect(observation.valueString).toBe('Positiv');
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
    expect(row).toMatchObject({ status: 'success', http_status: 200, receipt_pdf: FAKE_PDF, error: null });
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

  it('reports a point-of-care PCR with its own LOINC code', async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
      service: { title: 'PoC-PCR', test_type: 5 },
      appointment: positive,
    });
    expect((await s.report(appointment.token)).statusCode).toBe(200);
    const bundle = demis.notifications.at(-1)!.body.parameter[0]!.resource as { entry: { resource: Res }[] };
    const obs = bundle.entry.find((e) => e.resource.resourceType === 'Observation')!.resource as Json;
    expect(obs.code.coding[0].code).toBe('94746-5');
  });

  it('reports only positive results', async () => {
    const s = await setup();
    for (const res_detected of [1, 4, null]) {
      const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { appointment: { res_detected } });
      const res = await s.report(appointment.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.demisOnlyPositive);
    }
  });

  it('refuses with "Missing DEMIS settings" when a setting or the certificate is missing', async () => {
    for (const [centre, cert] of [
      [{ demis_lab_id: null }, 'ours'],
      [{ demis_zip: '' }, 'ours'],
      [{ demis_cert_filename: null }, 'ours'],
      [{}, 'none'],
    ] as const) {
      const s = await setup(centre, cert);
      const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { appointment: positive });
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
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { appointment: positive });
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

  it("carries DEMIS' status and reason when DEMIS rejects the notification", async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { appointment: positive });
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
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { appointment: positive });
    const before = demis.notifications.length;
    const results = await Promise.all([s.report(appointment.token), s.report(appointment.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(demis.notifications).toHaveLength(before + 1);
  });

  it("does not find another centre's test", async () => {
    const s = await setup();
    const other = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, other.centre.id, { appointment: positive });
    expect((await s.report(appointment.token)).statusCode).toBe(404);
  });
});
