import { ROLE, SELF_PAYER_CLASSIFICATION_ID } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { zonedInstant } from '@tz/shared/rules/time-zone';
import { rawCodes } from '@tz/shared/testing/raw-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billingCsv } from './billing.service';
import { parseCsv } from './exports-test-helpers';

const ZONE = 'Europe/Berlin';
let t: TestApp;
let own: Awaited<ReturnType<typeof centreWithUser>>;
let managerHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureTestTypes(db);
  await createClassification(db, { id: SELF_PAYER_CLASSIFICATION_ID, label: 'Selbstzahler' });
  await createClassification(db, { id: 2, label: '§ 4a TestV – Bürgertest' });
  own = await centreWithUser(t.app, db, ROLE.admin);
  const manager = await createUser(db, { staff_id: own.centre.id, role_id: ROLE.manager });
  managerHeaders = { authorization: `Bearer ${(await login(t.app, manager.email)).token}` };
  const rapid = await createService(db, { staff_id: own.centre.id, title: 'Schnelltest', test_type: 1 });
  const pcr = await createService(db, { staff_id: own.centre.id, title: 'PCR', test_type: 2 });
  const customer = await createCustomer(db, { staff_id: own.centre.id });
  const test = async (
    day: string,
    serviceId: number,
    fields: { payment_class_id?: number | null; price?: number; status?: string; res?: boolean; blocked?: boolean },
  ) => {
    const start = zonedInstant(day, '10:00', ZONE);
    await createAppointment(db, {
      staff_id: own.centre.id,
      customer_id: customer.id,
      service_id: serviceId,
      start_date: start,
      payment_class_id: fields.payment_class_id ?? null,
      price: fields.price ?? 0,
      status: fields.status ?? 'approved',
      should_block_slot: fields.blocked ?? false,
      ...(fields.res === false ? {} : { res_detected: 1, res_date: new Date(start.getTime() + 900_000) }),
    });
  };
  // May 2025: rapid tests — 2 free, 1 with 3 € contribution, 1 self-payer (15 €), 1 without legal basis;
  // PCR — 1 self-payer without classification (69 €). Not counted: no result, cancelled, blocked slot.
  await test('2025-05-02', rapid.id, { payment_class_id: 2 });
  await test('2025-05-31', rapid.id, { payment_class_id: 2 });
  await test('2025-05-10', rapid.id, { payment_class_id: 2, price: 300 });
  await test('2025-05-11', rapid.id, { payment_class_id: SELF_PAYER_CLASSIFICATION_ID, price: 1500 });
  await test('2025-05-12', rapid.id, {});
  await test('2025-05-13', pcr.id, { price: 6900 });
  await test('2025-05-14', rapid.id, { payment_class_id: 2, res: false });
  await test('2025-05-15', rapid.id, { payment_class_id: 2, status: 'cancelled' });
  await test('2025-05-16', rapid.id, { payment_class_id: 2, blocked: true });
  // June 2025: one free test on the first day just after midnight (Berlin), still June
  await createAppointment(db, {
    staff_id: own.centre.id,
    customer_id: customer.id,
    service_id: rapid.id,
    start_date: zonedInstant('2025-06-01', '00:05', ZONE),
    payment_class_id: 2,
    res_detected: 1,
    res_date: zonedInstant('2025-06-01', '00:20', ZONE),
  });
});
afterAll(() => t.close());

const get = (path: string, query: string, headers = own.headers as Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/staff/${own.centre.id}/exports/billing${path}?${query}`, headers });

describe('billing overview', () => {
  it('counts performed tests per month, legal basis and test type, with who paid and the amounts', async () => {
    const res = await get('', 'from=2025-05&to=2025-06');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.months.map((m: { month: string }) => m.month)).toEqual(['2025-05', '2025-06']);
    const may = o.months[0];
    const pick = (basis: number | null, type: number) =>
      may.rows.find(
        (r: { legal_basis_id: number | null; test_type_id: number }) =>
          r.legal_basis_id === basis && r.test_type_id === type,
      );
    expect(pick(2, 1)).toMatchObject({
      legal_basis: '§ 4a TestV – Bürgertest',
      test_type: 'Antigen-Schnelltest',
      chargeable: true,
      tests: 3,
      free: 2,
      contribution: 1,
      self_payer: 0,
      amount_cents: 300,
      contribution_cents: 300,
    });
    expect(pick(SELF_PAYER_CLASSIFICATION_ID, 1)).toMatchObject({
      chargeable: false,
      tests: 1,
      self_payer: 1,
      amount_cents: 1500,
    });
    expect(pick(null, 1)).toMatchObject({
      legal_basis: 'Keine Rechtsgrundlage gewählt',
      tests: 1,
      none: 1,
      amount_cents: 0,
    });
    expect(pick(null, 2)).toMatchObject({ test_type: 'PCR-Test', tests: 1, self_payer: 1, self_payer_cents: 6900 });
    expect(may.totals).toEqual({
      tests: 6,
      self_payer: 2,
      free: 2,
      contribution: 1,
      none: 1,
      amount_cents: 8700,
      self_payer_cents: 8400,
      contribution_cents: 300,
    });
    expect(may.chargeable_tests).toBe(3);
    expect(o.months[1].totals).toMatchObject({ tests: 1, free: 1 });
    expect(o.totals.tests).toBe(7);
    expect(o.chargeable_tests).toBe(4);
  });

  it('shows a month without tests with empty rows', async () => {
    const o = (await get('', 'from=2025-04&to=2025-04')).json();
    expect(o.months).toEqual([
      expect.objectContaining({
        month: '2025-04',
        rows: [],
        chargeable_tests: 0,
        totals: expect.objectContaining({ tests: 0 }),
      }),
    ]);
  });

  it('downloads the same figures as CSV for German Excel and as a printable PDF', async () => {
    const csvRes = await get('/csv', 'from=2025-05&to=2025-05');
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-disposition']).toBe(
      `attachment; filename="abrechnung_2025-05_2025-05_${own.centre.id}.csv"`,
    );
    const csv = parseCsv(csvRes.body);
    expect(csv.header).toEqual(billingCsv.headers);
    const sum = csv.rows.find((r) => csv.col(r, 'Rechtsgrundlage') === 'Summe des Monats')!;
    expect(csv.col(sum, 'Monat')).toBe('Mai 2025');
    expect(csv.col(sum, 'Tests')).toBe('6');
    expect(csv.col(sum, 'Betrag gesamt (EUR)')).toBe('87,00');
    expect(csv.rows).toHaveLength(5);

    const pdfRes = await get('/pdf', 'from=2025-05&to=2025-05');
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdfRes.rawPayload);
    expect(text).toContain('Abrechnungsübersicht nach TestV');
    expect(text).toContain('Mai 2025');
    expect(text).toContain('§ 4a TestV – Bürgertest');
    expect(text).toContain('Davon abrechenbar nach TestV: 3 Tests');
    expect(text).toContain('87,00 €');
  });

  it('has the same columns in the PDF and in the CSV, the own contributions included, and no raw code', async () => {
    const csv = parseCsv((await get('/csv', 'from=2025-05&to=2025-05')).body);
    expect(csv.header).toEqual([
      'Monat',
      'Rechtsgrundlage',
      'Testart',
      'Abrechenbar (TestV)',
      'Tests',
      'Selbstzahler',
      'kostenlos (TestV)',
      'TestV mit Eigenbeteiligung',
      'ohne Rechtsgrundlage',
      'Betrag gesamt (EUR)',
      'davon Selbstzahler (EUR)',
      'davon Eigenbeteiligung (EUR)',
    ]);
    const sum = csv.rows.find((r) => csv.col(r, 'Rechtsgrundlage') === 'Summe des Monats')!;
    expect(csv.col(sum, 'davon Eigenbeteiligung (EUR)')).toBe('3,00');
    expect(csv.col(sum, 'Abrechenbar (TestV)')).toBe('3');

    // The PDF's headers break at a soft hyphen where a word does not fit ('Eigen-' / 'beteiligung'): joined
    // again, they are the CSV's, in the same order, without the CSV's '(EUR)'.
    const pdf = (await pdfText((await get('/pdf', 'from=2025-05&to=2025-05')).rawPayload)).replace(
      /(\p{Ll})-\s*(\p{Ll})/gu,
      '$1$2',
    );
    expect(pdf).toContain(
      csv.header
        .slice(1)
        .map((h) => h.replace(' (EUR)', ''))
        .join(' '),
    );
    // The month's sum line: 87 € in all, 84 € from self-payers, 3 € own contributions, 3 chargeable tests.
    expect(pdf).toMatch(/Summe des Monats 3 Tests 6 2 2 1 1 87,00 € 84,00 € 3,00 €/);
    expect(rawCodes(pdf)).toEqual([]);
    expect(rawCodes(csv.rows.flat().join('\n'))).toEqual([]);
  });

  it('refuses more than twelve months, a reversed range and role 25', async () => {
    const long = await get('', 'from=2024-05&to=2025-05');
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([{ field: 'to', message: MSG.billingMonthsRange }]);
    expect((await get('', 'from=2025-06&to=2025-05')).statusCode).toBe(400);
    expect((await get('', 'from=2025-5&to=2025-05')).statusCode).toBe(400);
    expect((await get('', 'from=2025-05&to=2025-05', managerHeaders)).statusCode).toBe(403);
  });

  it('names its own reason for each refusal: a reversed range, an invalid month, a range too long', async () => {
    const reversed = await get('', 'from=2025-06&to=2025-05');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details).toEqual([{ field: 'to', message: MSG.billingMonthsReversed }]);
    expect(reversed.json().message).not.toContain(MSG.billingMonthsRange);

    const invalid = await get('', 'from=2025-13&to=2025-05');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([{ field: 'from', message: MSG.billingMonthFormat }]);
    expect(invalid.json().message).not.toContain(MSG.billingMonthsRange);

    const bothInvalid = await get('', 'from=2025-5&to=20255-01');
    expect(bothInvalid.json().details).toEqual([
      { field: 'from', message: MSG.billingMonthFormat },
      { field: 'to', message: MSG.billingMonthFormat },
    ]);

    const long = await get('', 'from=2024-05&to=2025-05');
    expect(long.json().details).toEqual([{ field: 'to', message: MSG.billingMonthsRange }]);
  });
});
