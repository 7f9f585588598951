import os from 'node:os';
import path from 'node:path';
import { ROLE, SELF_PAYER_CLASSIFICATION_ID, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { addDays, zonedInstant } from '@tz/shared/rules/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaccinations } from '../../db/schema/forms';
import { receipts } from '../../db/schema/receipts';
import {
  centreWithUser,
  createAppointment,
  createClassification,
  createCustomer,
  createService,
  createUser,
  ensureTestTypes,
  login,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testCsv, vaccinationCsv } from './export-columns';
import { parseCsv } from './exports-test-helpers';

const ZONE = 'Europe/Berlin';
const DAY = '2025-03-11';
const at = (day: string, time: string) => zonedInstant(day, time, ZONE);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** One day of the centre as the screen sends it: midnight to the last second. */
const dayInterval = (day: string) => ({ start: unix(at(day, '00:00')), end: unix(at(addDays(day, 1), '00:00')) - 1 });

let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let managerHeaders: Record<string, string>;
/** Last names of the seeded appointments of DAY, by what they are. */
const N = {
  positive: 'Positiv',
  negativeFree: 'NegativFrei',
  negativeSelfPayer: 'NegativSelbst',
  contribution: 'Eigenbeteiligung',
  cancelled: 'Storniert',
  open: 'Offen',
  injection: '=HYPERLINK("http://x")',
};

beforeAll(async () => {
  t = await createTestApp({ exportDir: path.join(os.tmpdir(), `tz-exports-${process.pid}-${Date.now()}`) });
  const db = t.database.db;
  await ensureTestTypes(db);
  await createClassification(db, { id: SELF_PAYER_CLASSIFICATION_ID, label: 'Selbstzahler' });
  await createClassification(db, { id: 2, label: '§ 4a TestV – Bürgertest' });
  own = await centreWithUser(t.app, db, ROLE.admin);
  const manager = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.manager });
  managerHeaders = { authorization: `Bearer ${(await login(t.app, manager.email)).token}` };

  const rapid = await createService(db, { staff_id: own.centre.id, title: 'Bürgertest', price: 0, test_type: 1 });
  const paid = await createService(db, { staff_id: own.centre.id, title: 'Schnelltest', price: 1500, test_type: 1 });
  const seed = async (
    lastName: string,
    time: string,
    fields: Partial<Parameters<typeof createAppointment>[1]> = {},
    day = DAY,
  ) => {
    const customer = await createCustomer(db, {
      staff_id: own.centre.id,
      first_name: 'Erika',
      last_name: lastName,
      street: 'Musterstraße 1',
      postcode: '12345',
      city: 'Musterstadt',
    });
    const service = (fields.price ?? 0) > 0 ? paid : rapid;
    return createAppointment(db, {
      staff_id: own.centre.id,
      customer_id: customer.id,
      service_id: service.id,
      start_date: at(day, time),
      ...fields,
    });
  };
  const result = (time: string) => ({ res_date: at(DAY, time) });
  const pos = await seed(N.positive, '08:00', { res_detected: 2, payment_class_id: 2, ...result('08:20') });
  await seed(N.negativeFree, '08:10', { res_detected: 1, payment_class_id: 2, ...result('08:30') });
  await seed(N.negativeSelfPayer, '08:20', {
    res_detected: 1,
    payment_class_id: SELF_PAYER_CLASSIFICATION_ID,
    price: 1500,
    ...result('08:40'),
  });
  await seed(N.contribution, '09:00', { res_detected: 1, payment_class_id: 2, price: 300, ...result('09:20') });
  await seed(N.cancelled, '09:10', { status: 'cancelled', res_detected: 1, payment_class_id: 2, ...result('09:30') });
  await seed(N.open, '10:00');
  await seed(N.injection, '11:00', { res_detected: 1, ...result('11:15') });
  // not in any export of DAY: a blocked slot, the day before, the day after
  await seed('Blockiert', '12:00', {
    should_block_slot: true,
    res_detected: 1,
    payment_class_id: 2,
    ...result('12:10'),
  });
  await seed(
    'Vortag',
    '23:59',
    { res_detected: 2, payment_class_id: 2, res_date: at(addDays(DAY, -1), '23:59') },
    addDays(DAY, -1),
  );
  await seed(
    'Folgetag',
    '00:00',
    { res_detected: 2, payment_class_id: 2, res_date: at(addDays(DAY, 1), '00:10') },
    addDays(DAY, 1),
  );
  await db.insert(receipts).values({
    staff_id: own.centre.id,
    appointment_id: pos.id,
    receipt_number: 1,
    price: 0,
    vat_percent: '19.00',
    last_sent_to: 'erika@example.org',
    last_sent_at: at(DAY, '08:25'),
  });
});
afterAll(() => t.close());

const daily = (headers: Record<string, string>, body: object, staffId = own.centre.id) =>
  t.app.inject({ method: 'POST', url: `/api/staff/${staffId}/exports/daily`, headers, payload: body });

describe('immediate export', () => {
  const lastNames = async (type: string) => {
    const res = await daily(own.headers, { interval: dayInterval(DAY), type });
    expect(res.statusCode).toBe(200);
    const csv = parseCsv(res.body);
    expect(csv.header).toEqual(testCsv.headers);
    return csv.rows.map((r) => csv.col(r, 'Nachname'));
  };

  it('answers exactly the positive, negative, chargeable or all appointments of the day', async () => {
    expect(await lastNames('positive')).toEqual([N.positive]);
    expect(await lastNames('negative')).toEqual([
      N.negativeFree,
      N.negativeSelfPayer,
      N.contribution,
      N.cancelled,
      `'${N.injection}`,
    ]);
    // a paid legal basis, performed, not cancelled: not the self-payer, not the one without classification
    expect(await lastNames('chargeable')).toEqual([N.positive, N.negativeFree, N.contribution]);
    expect(await lastNames('all')).toEqual([
      N.positive,
      N.negativeFree,
      N.negativeSelfPayer,
      N.contribution,
      N.cancelled,
      N.open,
      `'${N.injection}`,
    ]);
  });

  it('writes a CSV for German Excel with what the TestV documentation needs', async () => {
    const res = await daily(own.headers, { interval: dayInterval(DAY), type: 'all' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sofortexport_${DAY}_alle_${own.centre.id}.csv"`,
    );
    expect(res.body).toContain('\r\n');
    const csv = parseCsv(res.body);
    const positive = csv.rows.find((r) => csv.col(r, 'Nachname') === N.positive)!;
    expect(csv.col(positive, 'Datum')).toBe('11.03.2025');
    expect(csv.col(positive, 'Uhrzeit')).toBe('08:00');
    expect(csv.col(positive, 'Vorname')).toBe('Erika');
    expect(csv.col(positive, 'Geburtsdatum')).toBe('17.05.1980');
    expect(csv.col(positive, 'Straße und Hausnummer')).toBe('Musterstraße 1');
    expect(csv.col(positive, 'PLZ')).toBe('12345');
    expect(csv.col(positive, 'Ort')).toBe('Musterstadt');
    expect(csv.col(positive, 'Dienstleistung')).toBe('Bürgertest');
    expect(csv.col(positive, 'Testart')).toBe('Antigen-Schnelltest');
    expect(csv.col(positive, 'Rechtsgrundlage')).toBe('§ 4a TestV – Bürgertest');
    expect(csv.col(positive, 'Abrechenbar (TestV)')).toBe('ja');
    expect(csv.col(positive, 'Ergebnis')).toBe('positiv');
    // 08:20 Berlin (winter time), written in the centre's zone
    expect(csv.col(positive, 'Ergebnisdatum')).toBe('11.03.2025 08:20');
    expect(csv.col(positive, 'Ergebnismitteilung')).toBe('Beleg per E-Mail an erika@example.org am 11.03.2025 08:25');
    expect(csv.col(positive, 'DEMIS-Meldung')).toBe('nicht gemeldet');
    const selfPayer = csv.rows.find((r) => csv.col(r, 'Nachname') === N.negativeSelfPayer)!;
    expect(csv.col(selfPayer, 'Preis (EUR)')).toBe('15,00');
    expect(csv.col(selfPayer, 'Abrechenbar (TestV)')).toBe('nein');
    const open = csv.rows.find((r) => csv.col(r, 'Nachname') === N.open)!;
    expect(csv.col(open, 'Ergebnis')).toBe('');
    expect(csv.col(open, 'Ergebnisdatum')).toBe('');
  });

  it('allows 25 hours and refuses one second more, and a backward interval', async () => {
    const start = unix(at(DAY, '00:00'));
    expect((await daily(own.headers, { interval: { start, end: start + 25 * 3600 }, type: 'all' })).statusCode).toBe(
      200,
    );
    const tooLong = await daily(own.headers, { interval: { start, end: start + 25 * 3600 + 1 }, type: 'all' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual([{ field: 'interval.end', message: MSG.exportRangeTooLong }]);
    const backward = await daily(own.headers, { interval: { start, end: start - 1 }, type: 'all' });
    expect(backward.statusCode).toBe(400);
    expect(backward.json().details).toEqual([{ field: 'interval.end', message: MSG.exportEndBeforeStart }]);
  });

  it('refuses an unknown type and out-of-range numbers', async () => {
    expect((await daily(own.headers, { interval: dayInterval(DAY), type: 'everything' })).statusCode).toBe(400);
    expect((await daily(own.headers, { interval: { start: 1, end: 2147483648 }, type: 'all' })).statusCode).toBe(400);
  });

  it('is for role 20 or lower only: role 25 is refused', async () => {
    expect((await daily(managerHeaders, { interval: dayInterval(DAY), type: 'all' })).statusCode).toBe(403);
  });
});

describe('vaccination export', () => {
  let vacc: Awaited<ReturnType<typeof centreWithUser>>;
  const VDAY = '2025-04-02';
  const post = (headers: Record<string, string>, staffId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/staff/${staffId}/exports/vaccinations`, headers, payload: body });
  const range = () => {
    const i = dayInterval(VDAY);
    return { start_date: i.start, end_date: i.end };
  };

  beforeAll(async () => {
    const db = t.database.db;
    vacc = await centreWithUser(t.app, db, ROLE.admin, { type: VACCINATION_CENTRE_TYPE });
    const service = await createService(db, { staff_id: vacc.centre.id, title: 'Impfung COVID-19', test_type: 6 });
    for (const [name, time, vaccine] of [
      ['Geimpft', '09:00', 'Comirnaty (BioNTech/Pfizer)'],
      ['Nicht', '10:00', null],
      ['Später', '23:30', 'Spikevax (Moderna)'],
    ] as const) {
      const c = await createCustomer(db, { staff_id: vacc.centre.id, last_name: name });
      const a = await createAppointment(db, {
        staff_id: vacc.centre.id,
        customer_id: c.id,
        service_id: service.id,
        start_date: at(VDAY, time),
      });
      if (vaccine) {
        await db.insert(vaccinations).values({
          staff_id: vacc.centre.id,
          appointment_id: a.id,
          vaccine,
          batch_number: 'CH-42',
          dose: 2,
          vaccination_date: VDAY,
        });
      }
    }
  });

  it('answers exactly the vaccinations of the day', async () => {
    const res = await post(vacc.headers, vacc.centre.id, range());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="impfexport_${VDAY}_${vacc.centre.id}.csv"`);
    const csv = parseCsv(res.body);
    expect(csv.header).toEqual(vaccinationCsv.headers);
    expect(csv.rows.map((r) => csv.col(r, 'Nachname'))).toEqual(['Geimpft', 'Später']);
    expect(csv.col(csv.rows[0]!, 'Impfstoff')).toBe('Comirnaty (BioNTech/Pfizer)');
    expect(csv.col(csv.rows[0]!, 'Charge')).toBe('CH-42');
    expect(csv.col(csv.rows[0]!, 'Dosis')).toBe('2');
    expect(csv.col(csv.rows[0]!, 'Impfdatum')).toBe('02.04.2025');
  });

  it('allows 24 hours and refuses one second more', async () => {
    const start = unix(at(VDAY, '00:00'));
    expect(
      (await post(vacc.headers, vacc.centre.id, { start_date: start, end_date: start + 24 * 3600 })).statusCode,
    ).toBe(200);
    const tooLong = await post(vacc.headers, vacc.centre.id, { start_date: start, end_date: start + 24 * 3600 + 1 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual([{ field: 'end_date', message: MSG.vaccinationExportRangeTooLong }]);
  });

  it('is only for vaccination centres', async () => {
    const res = await post(own.headers, own.centre.id, range());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.vaccinationExportOnly);
  });

  it('refuses role 25 and another centre', async () => {
    expect((await post(managerHeaders, own.centre.id, range())).statusCode).toBe(403);
    expect((await post(own.headers, vacc.centre.id, range())).statusCode).toBe(403);
  });
});
