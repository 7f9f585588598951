import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { germanDateOf } from '@tz/shared/rules/german-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../clock';
import { customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createAppointmentRow } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const values = { kind: 3, kind_num: '12345', reason: 2, diagnostic: 1, risk: [4, 2], optin: true };

async function setup(testType: number | null = 3, gender = 2, appointment: { customer_appointment_id?: number } = {}) {
  const s = await centreWithUser(t.app, t.database.db, ROLE.staff, {
    full_name: 'Testzentrum Amt',
    tz_city: 'Lübeck',
    demis_bsnr: '987654321',
    demis_lab_id: '10285',
    demis_account_name: 'test-lab999',
  });
  const row = await createAppointmentRow(t.database.db, s.centre.id, {
    customer: { first_name: 'Greta', last_name: 'Amtlich', gender, birthday: '1990-12-24' },
    service: { title: 'Bürgertest ÖGD', test_type: testType },
    appointment,
  });
  const formUrl = `/api/staff/${s.centre.id}/oegd/forms/${row.customerId}/${row.appointment.token}`;
  return { ...s, ...row, formUrl };
}

describe('official test form', () => {
  it('loads customer and appointment of a test of type 3 or 5 with empty values', async () => {
    for (const type of [3, 5]) {
      const s = await setup(type);
      const res = await t.app.inject({ method: 'GET', url: s.formUrl, headers: s.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        customer: { id: s.customerId, first_name: 'Greta', last_name: 'Amtlich', gender: 2, birthday: '1990-12-24' },
        appointment: { appointment_id: s.appointment.id, date: '2024-03-01', time: '09:30', service_test_type: type },
        values: { kind: 0, kind_num: '', reason: 0, diagnostic: 0, risk: [], optin: false },
        saved: false,
      });
    }
  });

  it('exists only for test types 3 and 5', async () => {
    const s = await setup(1);
    const res = await t.app.inject({ method: 'GET', url: s.formUrl, headers: s.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.oegdWrongTestType);
  });

  it('does not open with a customer id that does not belong to the appointment', async () => {
    const s = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${s.centre.id}/oegd/forms/${s.customerId + 1000}/${s.appointment.token}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('saves the values', async () => {
    const s = await setup();
    const res = await t.app.inject({ method: 'PUT', url: s.formUrl, headers: s.headers, payload: values });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ values: { ...values, risk: [2, 4] }, saved: true });
    // The special number only counts with the regional special agreement.
    const other = await t.app.inject({
      method: 'PUT',
      url: s.formUrl,
      headers: s.headers,
      payload: { ...values, kind: 1, kind_num: '99999' },
    });
    expect(other.json().values).toMatchObject({ kind: 1, kind_num: '' });
  });

  it('refuses a missing gender with the spec message and the general hint', async () => {
    const s = await setup(3, 0);
    const res = await t.app.inject({ method: 'PUT', url: s.formUrl, headers: s.headers, payload: values });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(MSG.checkFormHint);
    expect(res.json().message).toContain(MSG.genderRequired);
    expect(res.json().details).toEqual([{ field: 'gender', message: MSG.genderRequired }]);
  });

  it('refuses the regional special agreement without a 5-digit KV special number', async () => {
    const s = await setup();
    for (const kind_num of ['', '1234', '123456', 'abcde']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: s.formUrl,
        headers: s.headers,
        payload: { ...values, kind_num },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().details).toEqual([{ field: 'kind_num', message: MSG.kvNumberRequired }]);
    }
  });
});

describe('customer gender update', () => {
  it('saves the gender at once and audits it', async () => {
    const s = await setup(3, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${s.centre.id}/oegd/customer-gender`,
      headers: s.headers,
      payload: { customer_id: s.customerId, gender: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer_id: s.customerId, gender: 3 });
    const [c] = await t.database.db.select().from(customers).where(eq(customers.id, s.customerId));
    expect(c?.gender).toBe(3);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entity_id, String(s.customerId))));
    expect(audit[0]).toMatchObject({ action: 'gender', before: { gender: 0 }, after: { gender: 3 } });
  });

  it("refuses an unknown gender and another centre's customer", async () => {
    const s = await setup();
    const other = await setup();
    const url = `/api/staff/${s.centre.id}/oegd/customer-gender`;
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: s.headers,
      payload: { customer_id: s.customerId, gender: 5 },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: s.headers,
      payload: { customer_id: other.customerId, gender: 1 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('official form preview (form post in a new window)', () => {
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('renders the filled form as PDF, with or without the background', async () => {
    const s = await setup(3, 2, { customer_appointment_id: 74_000_362 });
    await t.app.inject({ method: 'PUT', url: s.formUrl, headers: s.headers, payload: values });
    const url = `/api/public/oegd/preview/${s.centre.id}/${s.customerId}`;
    const full = await post(url, { jwt: s.token, token: s.appointment.token, iShowBackground: '1' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/pdf');
    // the appointment number as people read it: the last 6 digits (core-workflow §3)
    expect(full.headers['content-disposition']).toBe('inline; filename="oegd-000362.pdf"');
    const text = await pdfText(full.rawPayload);
    for (const part of [
      'Amtliches Testformular (ÖGD)',
      'KV-Sonderziffer',
      'Amtlich',
      'Greta',
      '24.12.1990',
      '12345',
      '01.03.2024',
      '09:30',
      'Testzentrum Amt',
      '987654321',
      'Vorgangsnummer 000362',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('74000362');
    // the BSNR box holds the BSNR, never a DEMIS identifier
    expect(text).toContain('BSNR / Kennung 987654321');
    expect(text).not.toContain('10285');
    expect(text).not.toContain('test-lab999');
    // place and date of issue: the centre's city, today in the centre's time zone
    expect(text).toContain(`Ort, Datum der Ausstellung Lübeck, ${germanDateOf(now(), 'Europe/Berlin')}`);
    const bare = await pdfText(
      (await post(url, { jwt: s.token, token: s.appointment.token, iShowBackground: '0' })).rawPayload,
    );
    expect(bare).toContain('Amtlich');
    expect(bare).toContain('12345');
    expect(bare).toContain(`Lübeck, ${germanDateOf(now(), 'Europe/Berlin')}`);
    expect(bare).not.toContain('Amtliches Testformular');
    expect(bare).not.toContain('KV-Sonderziffer');
  });

  it('checks the session token in the jwt field like the guard does', async () => {
    const s = await setup();
    const other = await setup();
    const url = `/api/public/oegd/preview/${s.centre.id}/${s.customerId}`;
    expect((await post(url, { jwt: 'kein.gueltiges.token', token: s.appointment.token })).statusCode).toBe(401);
    expect((await post(url, { jwt: other.token, token: s.appointment.token })).statusCode).toBe(403);
    expect((await post(url, { token: s.appointment.token })).statusCode).toBe(400);
    // Logged out: the session row is revoked, the token no longer opens anything.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers, payload: {} });
    expect((await post(url, { jwt: s.token, token: s.appointment.token })).statusCode).toBe(401);
  });
});

describe('hand-off data', () => {
  it('gives customer, address and appointment fields for the declaration and certificate systems', async () => {
    const s = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${s.centre.id}/oegd/handoff/${s.appointment.token}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer_appointment_id: s.appointment.customer_appointment_id,
      customer: { first_name: 'Greta', last_name: 'Amtlich', birthday: '1990-12-24', gender: 2 },
      address: { street: 'Musterstraße 14', postcode: '51466', city: 'Musterstadt' },
      appointment: { appointment_id: s.appointment.id, token: s.appointment.token, date: '2024-03-01', time: '09:30' },
    });
  });
});
