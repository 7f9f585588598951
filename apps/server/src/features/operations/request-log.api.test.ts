import { ROLE } from '@tz/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../clock';
import { testConfig } from '../../config';
import { appointments } from '../../db/schema/appointments';
import { customers } from '../../db/schema/customers';
import { mailOutbox } from '../../db/schema/mail';
import { makeCertificates, startFakeDemis } from '../../test/demis-fake';
import { centreWithUser, createLabFor, createService, ensureTestTypes } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { versionsOf } from '../demis/demis-terminology';
import { ensureDefaultForms } from '../forms/default-forms';
import { safeError } from './request-log';

/**
 * Issue 27: the log carries no personal data. A whole day of one customer — booking on the public page,
 * the booking link, the staff's search and list, check-in, result, the result link with the birthday, the
 * DEMIS report — with values found nowhere else, then the captured JSON log is searched for each of them.
 */
const NOW = new Date('2026-06-16T10:20:00+02:00');
const NOTIFICATION_PATH = 'notifications/pathogen/v6/fhir/$process-notification';

const PERSON = {
  first_name: 'Zyprianus',
  last_name: 'Quästorowitz',
  birthday: '1961-07-23',
  email: 'zyprianus.quaestor-7319@kunde.example',
  phone: '0171 9988776',
  street: 'Ulmenhainweg 97',
  postcode: '54321',
  city: 'Kleinwiesenbach',
  passport: 'L01X77Q93',
};

let t: TestApp;
let certs: ReturnType<typeof makeCertificates>;
let demis: Awaited<ReturnType<typeof startFakeDemis>>;
const lines: string[] = [];

beforeAll(async () => {
  setClock(NOW);
  certs = makeCertificates();
  demis = await startFakeDemis(certs, NOTIFICATION_PATH, {
    versions: versionsOf(testConfig()),
    clientId: 'demis-test',
    clientSecret: 'geheimnis',
  });
  t = await createTestApp(
    {
      logLevel: 'info',
      demisUrl: demis.url,
      demisCaFile: certs.caFile,
      demisNotificationPath: NOTIFICATION_PATH,
      demisClientSecret: 'geheimnis',
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await t.database.db.transaction((tx) => ensureDefaultForms(tx));
  t.deps.demisCertificateSource = async () => ({ pfx: certs.clientP12, passphrase: 'geheim' });
});
afterAll(async () => {
  await t.close();
  await demis.close();
  certs.cleanup();
});

describe('the request log', () => {
  it('holds one JSON line per request with the route template, and none of the personal data of a whole visit', async () => {
    const m = await centreWithUser(t.app, t.database.db, ROLE.manager, {
      search_name: 'zentrum-protokoll',
      full_name: 'Testzentrum Protokoll',
      demis_cert_filename: 'protokoll.p12',
      demis_account_name: 'test-lab999',
      demis_lab_id: '10285',
      demis_bsnr: '123456789',
      demis_street: 'Hafenweg',
      demis_street_nr: '3',
      demis_zip: '20095',
      demis_city: 'Hamburg',
      health_department: 'Gesundheitsamt Hamburg-Mitte',
      health_department_testcenter_id: 'HH-MITTE-42',
    });
    const staffId = m.centre.id;
    await createLabFor(t.database.db, staffId);
    const hours = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/schedule/items`,
      headers: m.headers,
      payload: {
        schedule_items: [2, 3, 4, 5, 6, 7].map((day_index) => ({ day_index, start_time: '08:00', end_time: '12:00' })),
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    await ensureTestTypes(t.database.db);
    const service = await createService(t.database.db, {
      staff_id: staffId,
      title: 'Antigen-Schnelltest',
      slot_length: 1800,
      duration: 1800,
      capacity_max: 1,
      active: true,
      test_type: 1,
    });

    // The customer books on the public page and opens the link of the confirmation.
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/public/booking/zentrum-protokoll',
      headers: { 'x-request-id': 'proxy-request-0123456789' },
      payload: {
        service_id: service.id,
        date: '2026-06-17',
        time: '08:30',
        ...PERSON,
        consent_privacy: true,
        consent_result: true,
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.headers['x-request-id']).toBe('proxy-request-0123456789');
    const bookingToken = booked.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/public/bookings/${bookingToken}` })).statusCode).toBe(200);

    // The staff find the customer by name (query string) and by search (body), check in and enter the result.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${staffId}/customers?name=${encodeURIComponent(PERSON.last_name)}`,
      headers: m.headers,
    });
    expect(listed.json().total).toBe(1);
    const search = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/search`,
      headers: m.headers,
      payload: { queryString: PERSON.email },
    });
    expect(search.statusCode, search.body).toBe(200);
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.staff_id, staffId));
    const a = appointment!;
    // DEMIS names the person's sex; the booking page does not ask for it.
    await t.database.db.update(customers).set({ gender: 2 }).where(eq(customers.id, a.customer_id));
    const path = `/api/staff/${staffId}/appointments/${a.id}`;
    const checkIn = await t.app.inject({
      method: 'POST',
      url: `${path}/check-in`,
      headers: m.headers,
      payload: { staff_id: staffId, customer_id: a.customer_id, value: 1 },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const result = await t.app.inject({
      method: 'POST',
      url: `${path}/result`,
      headers: m.headers,
      payload: { customer_id: a.customer_id, res_detected: 2, res_date: '2026-06-16T10:15:00+02:00' },
    });
    expect(result.statusCode, result.body).toBe(200);

    // The customer opens the result link with the birthday; a wrong birthday first.
    const [mail] = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, PERSON.email))).filter(
      (x) => x.kind === 'result_link',
    );
    const resultToken = /\/ergebnis\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/public/results/${resultToken}`,
      payload: { birthday: '1961-07-24' },
    });
    expect(wrong.statusCode).toBe(422);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/public/results/${resultToken}`,
      payload: { birthday: PERSON.birthday },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    // The positive result goes to DEMIS.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${staffId}/demis/reports/${a.token}`,
      headers: m.headers,
      payload: {},
    });
    expect(report.statusCode, report.body).toBe(200);

    // The result page's browser reports an error: its address carries the token.
    const clientError = await t.app.inject({
      method: 'POST',
      url: '/api/public/client-errors',
      payload: {
        message: 'TypeError: x is undefined',
        url: `https://termine.example/ergebnis/${resultToken}?von=mail`,
      },
    });
    expect(clientError.statusCode, clientError.body).toBe(200);

    const log = lines.join('');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = entries.filter((e) => e.msg === 'request');
    // One line per request (the login, the opening hours and the ten calls above), each with its route
    // template, status, duration and id.
    expect(requests).toHaveLength(12);
    expect(entries.find((e) => e.msg === 'browser error')).toMatchObject({ clientError: { page: '/ergebnis' } });
    expect(requests).toContainEqual(
      expect.objectContaining({
        reqId: 'proxy-request-0123456789',
        method: 'POST',
        route: '/api/public/booking/:searchName',
        status: 200,
        ms: expect.any(Number),
      }),
    );
    const routes = requests.map((e) => e.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/public/bookings/:token',
        '/api/public/results/:token',
        '/api/staff/:staffId/customers',
        '/api/staff/:staffId/demis/reports/:token',
      ]),
    );
    expect(requests.find((e) => e.route === '/api/public/results/:token' && e.status === 422)).toBeDefined();

    const personal = [
      ...Object.values(PERSON),
      '23.07.1961',
      encodeURIComponent(PERSON.last_name),
      'Qu%C3%A4storowitz',
      'Quaestorowitz',
      bookingToken,
      resultToken,
      a.token,
      m.token,
    ];
    for (const value of personal) expect(log, value).not.toContain(value);
  });
});

describe('errors in the log', () => {
  it('keep name, code, message and stack but drop the values of a failed query', () => {
    const driver = Object.assign(new Error('invalid input syntax for type date: "1961-07-23"'), {
      code: '22007',
      detail: 'Key (email)=(zyprianus@kunde.example) already exists.',
    });
    const query = Object.assign(
      new Error(
        'Failed query: insert into customers (last_name, email) values ($1, $2)\nparams: Quästorowitz,z@k.example',
      ),
      { query: 'insert …', params: ['Quästorowitz', 'z@k.example'], cause: driver },
    );
    const safe = JSON.stringify(safeError(query));
    expect(safe).toContain('Failed query: insert into customers');
    expect(safe).toContain('22007');
    for (const value of ['Quästorowitz', 'z@k.example', '1961-07-23', 'zyprianus@kunde.example']) {
      expect(safe).not.toContain(value);
    }
  });
});
