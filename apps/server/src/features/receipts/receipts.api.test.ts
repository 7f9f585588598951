import { inflateSync } from 'node:zlib';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../clock';
import { paymentClassifications } from '../../db/schema/appointments';
import { mailOutbox } from '../../db/schema/mail';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createAppointmentRow } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { startSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { processOutbox } from '../mail/mail-outbox';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  await t.database.db
    .insert(paymentClassifications)
    .values({ id: 31, label: '§ 4a TestV Bürgertest' })
    .onConflictDoNothing();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const centreFields = {
  full_name: 'Testzentrum Hafen',
  email: 'hafen@zentrum.example',
  tz_street: 'Hafenweg',
  tz_street_number: '3',
  tz_zip: '20095',
  tz_city: 'Hamburg',
  inv_entity: 'Hafen Gesundheit GmbH',
  inv_street: 'Kaistraße 9',
  inv_zip: '20457',
  inv_city: 'Hamburg',
  UID: 'DE987654321',
  info: 'Herzliche Grüße\nIhr Hafenteam',
};

async function setup(centre: Record<string, unknown> = {}) {
  const c = await centreWithUser(t.app, t.database.db, ROLE.staff, { ...centreFields, ...centre });
  const url = (appointmentId: number, action: string) =>
    `/api/staff/${c.centre.id}/receipts/${appointmentId}/${action}`;
  return { ...c, url };
}

/** The inflated content streams of a PDF (pdfkit compresses them). */
function pageContent(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
}

async function download(headers: Record<string, string>, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { res, text: res.statusCode === 200 ? await pdfText(res.rawPayload) : '' };
}

describe('receipt PDF', () => {
  it('is a real receipt: centre, operator, UID, customer, service, date, time, price with VAT, number, payment note', async () => {
    const s = await setup({ handelsregister_nummer: 'HRB 4711', handelsregister_ort: 'Hamburg' });
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
      customer: { first_name: 'Jürgen', last_name: 'Müßig', email: null },
      service: { title: 'Bürgertest Antigen', price: 1190, test_type: 1 },
      appointment: {
        payment_class_id: 31,
        res_detected: 1,
        start_date: new Date('2024-03-01T08:30:00Z'),
        customer_appointment_id: 71_000_359,
      },
    });
    const { res, text } = await download(s.headers, s.url(appointment.id, 'pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="beleg-000001.pdf"');
    for (const part of [
      'Testzentrum Hafen Hafenweg 3 20095 Hamburg',
      'Betreiber: Hafen Gesundheit GmbH, Kaistraße 9, 20457 Hamburg',
      'Handelsregister: Amtsgericht Hamburg HRB 4711',
      'USt-IdNr.: DE987654321',
      'Jürgen Müßig',
      'Musterstraße 14',
      'Bürgertest Antigen',
      // 08:30 UTC is 09:30 in Berlin (the centre's time zone decides)
      'Termin: 01.03.2024 um 09:30 Uhr',
      'Belegnummer: 000001',
      'Nettobetrag: 10,00 €',
      'zzgl. 19 % MwSt.: 1,90 €',
      'Gesamtbetrag (inkl. 19 % MwSt.): 11,90 €',
      'Betrag erhalten.',
      // the appointment number as people read it: the last 6 digits (core-workflow §3)
      'Vorgangsnummer: 000359',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('71000359');
    // A receipt may go to an employer: no health data, no internal terms.
    for (const absent of [
      'Geburtsdatum',
      '25.06.1980',
      'Testergebnis',
      'negativ',
      'Zahlungsklassifizierung',
      'TestV',
    ]) {
      expect(text).not.toContain(absent);
    }
    // One sender block: the operator's address appears once, and only after its label.
    expect(text.match(/Kaistraße 9/g)).toHaveLength(1);
    expect(text).not.toContain('Rechnungssteller');
  });

  it('uses the centre VAT rate, and shows no classification and no result even without one', async () => {
    const s = await setup({ default_IVA: '7.00' });
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
      service: { title: 'Beratung', price: 1070, test_type: null },
    });
    const { text } = await download(s.headers, s.url(appointment.id, 'pdf'));
    expect(text).toContain('zzgl. 7 % MwSt.: 0,70 €');
    expect(text).toContain('Nettobetrag: 10,00 €');
    expect(text).toContain('Betrag erhalten.');
    expect(text).not.toContain('Zahlungsklassifizierung');
    expect(text).not.toContain('Keine Auswahl');
    expect(text).not.toContain('Testergebnis');
  });

  it('draws in the centre colour when one is set, and ignores a colour that is none', async () => {
    const coloured = await setup({ color1: '#0a7e8c' });
    const plain = await setup({ color1: 'rot' });
    const a = await createAppointmentRow(t.database.db, coloured.centre.id);
    const b = await createAppointmentRow(t.database.db, plain.centre.id);
    const withColour = await t.app.inject({
      method: 'GET',
      url: coloured.url(a.appointment.id, 'pdf'),
      headers: coloured.headers,
    });
    const without = await t.app.inject({
      method: 'GET',
      url: plain.url(b.appointment.id, 'pdf'),
      headers: plain.headers,
    });
    expect(without.statusCode).toBe(200);
    // pdfkit writes fill colours as RGB fractions: #0a7e8c = 0.039 0.494 0.549; the default is black
    expect(pageContent(withColour.rawPayload)).toMatch(/0\.0392\d* 0\.4941\d* 0\.5490\d* scn/);
    expect(pageContent(without.rawPayload)).not.toMatch(/0\.\d+ 0\.\d+ 0\.\d+ scn/);
  });

  it('keeps one number per appointment and numbers receipts per centre without gaps or duplicates, even in parallel', async () => {
    const s = await setup();
    const other = await setup();
    const rows = await Promise.all(Array.from({ length: 6 }, () => createAppointmentRow(t.database.db, s.centre.id)));
    const results = await Promise.all(rows.map((r) => download(s.headers, s.url(r.appointment.id, 'pdf'))));
    const numbers = results.map((r) => /Belegnummer: (\d+)/.exec(r.text)?.[1]).sort();
    expect(numbers).toEqual(['000001', '000002', '000003', '000004', '000005', '000006']);
    // Downloading again gives the same receipt, no new number.
    const again = await download(s.headers, s.url(rows[0]!.appointment.id, 'pdf'));
    expect(again.text).toContain(`Belegnummer: ${/Belegnummer: (\d+)/.exec(results[0]!.text)?.[1]}`);
    // The other centre counts on its own.
    const { appointment } = await createAppointmentRow(t.database.db, other.centre.id);
    expect((await download(other.headers, other.url(appointment.id, 'pdf'))).text).toContain('Belegnummer: 000001');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.staff_id, s.centre.id));
    expect(audits.filter((a) => a.entity === 'receipt' && a.action === 'issue')).toHaveLength(6);
  });

  it('refuses a receipt for a cancelled appointment', async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
      appointment: { status: 'cancelled' },
    });
    const { res } = await download(s.headers, s.url(appointment.id, 'pdf'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.receiptCancelledAppointment);
  });

  it("does not find another centre's appointment", async () => {
    const s = await setup();
    const other = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, other.centre.id);
    expect((await download(s.headers, s.url(appointment.id, 'pdf'))).res.statusCode).toBe(404);
    const send = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    expect(send.statusCode).toBe(404);
  });
});

async function lastMailTo(to: string) {
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

describe('sending receipts', () => {
  it("mails the receipt PDF to the customer with the centre's signature", async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, {
      customer: { email: 'erika@kunde.example', first_name: 'Erika', last_name: 'Muster' },
      appointment: { customer_appointment_id: 72_000_360 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'erika@kunde.example',
      message: MSG.receiptSent,
      receipt_number: '000001',
    });
    await processOutbox(t.deps);
    const mail = smtp.received.find((m) => m.to.includes('erika@kunde.example'));
    expect(mail?.raw).toContain('filename=beleg-000001.pdf');
    expect(mail?.raw).toContain('Ihr Hafenteam');
    expect(mail?.raw).toContain('Guten Tag Erika Muster');
    const row = await lastMailTo('erika@kunde.example');
    expect(row?.status).toBe('sent');
    const attached = await pdfText(Buffer.from(row!.attachments[0]!.content, 'base64'));
    expect(attached).toContain('Belegnummer: 000001');
    expect(attached).toContain('Vorgangsnummer: 000360');
    expect(attached).not.toContain('72000360');
    expect(row?.text).not.toContain('72000360');
  });

  it('sends to the alternative address when one is given', async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id);
    const res = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: { email: 'buchhaltung@firma.example' },
    });
    expect(res.json().email).toBe('buchhaltung@firma.example');
    const row = await lastMailTo('buchhaltung@firma.example');
    expect(row?.kind).toBe('receipt');
    // A third address is greeted neutrally: no customer name, no "your appointment".
    expect(row?.text).toMatch(/^Guten Tag,\n/);
    expect(row?.text).toContain('anbei erhalten Sie den Beleg Nr. 000001 von Testzentrum Hafen.');
    expect(row?.text).not.toContain('Ihren Termin');
    expect(row?.subject).toBe('Beleg Nr. 000001 – Testzentrum Hafen');
  });

  it("falls back to the centre's address when the customer has none", async () => {
    const s = await setup({ email: `fallback-${nowMs()}@zentrum.example` });
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { customer: { email: null } });
    const res = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    expect(res.json().email).toBe(s.centre.email);
  });

  it('refuses when no address is known at all, and an invalid address', async () => {
    const s = await setup({ email: null });
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id, { customer: { email: null } });
    const none = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(MSG.receiptNoRecipient);
    const bad = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: { email: 'kein-at-zeichen' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a copy only of an issued receipt, with the same number', async () => {
    const s = await setup();
    const { appointment } = await createAppointmentRow(t.database.db, s.centre.id);
    const early = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'copy'),
      headers: s.headers,
      payload: { email: 'kopie@firma.example' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(MSG.receiptNotIssued);

    const sent = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    const copy = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'copy'),
      headers: s.headers,
      payload: { email: 'kopie@firma.example' },
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.json().receipt_number).toBe(sent.json().receipt_number);
    const row = await lastMailTo('kopie@firma.example');
    expect(row?.subject).toContain('Kopie');
    expect(row?.text).toMatch(/^Guten Tag,\n/);
    expect(row?.text).toContain(
      `anbei erhalten Sie eine Kopie des Belegs Nr. ${sent.json().receipt_number} von Testzentrum Hafen.`,
    );
    const text = await pdfText(Buffer.from(row!.attachments[0]!.content, 'base64'));
    expect(text).toContain('Beleg (Kopie)');
    expect(text).toContain(`Belegnummer: ${sent.json().receipt_number}`);
  });
});

describe('confirmation mail', () => {
  it('mails the appointment confirmation with date, time and place to the customer', async () => {
    const s = await setup();
    const { appointment, customerId } = await createAppointmentRow(t.database.db, s.centre.id, {
      customer: { email: 'bestaetigung@kunde.example' },
      service: { title: 'PCR-Test' },
      appointment: { customer_appointment_id: 73_000_361 },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${s.centre.id}/receipts/confirmation-mail/${appointment.id}/${customerId}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'bestaetigung@kunde.example', message: MSG.confirmationMailSent });
    const row = await lastMailTo('bestaetigung@kunde.example');
    expect(row?.subject).toBe('Terminbestätigung – Testzentrum Hafen');
    expect(row?.text).toContain('„PCR-Test“ am 01.03.2024 um 09:30 Uhr');
    expect(row?.text).toContain('Hafenweg 3, 20095 Hamburg');
    // the appointment number as people read it: the last 6 digits (core-workflow §3), in text and HTML
    expect(row?.text).toContain('Ihre Vorgangsnummer: 000361');
    expect(row?.html).toContain('Ihre Vorgangsnummer: 000361');
    expect(`${row?.subject}${row?.text}${row?.html}`).not.toContain('73000361');
  });

  it('refuses a customer without email and a customer id that does not match', async () => {
    const s = await setup();
    const { appointment, customerId } = await createAppointmentRow(t.database.db, s.centre.id, {
      customer: { email: null },
    });
    const base = `/api/staff/${s.centre.id}/receipts/confirmation-mail/${appointment.id}`;
    const none = await t.app.inject({ method: 'GET', url: `${base}/${customerId}`, headers: s.headers });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(MSG.customerHasNoEmail);
    const wrong = await t.app.inject({ method: 'GET', url: `${base}/${customerId + 999}`, headers: s.headers });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('receipt marker of the appointment rows', () => {
  const day = {
    startdate: Date.parse('2024-03-01T00:00:00Z') / 1000,
    enddate: Date.parse('2024-03-01T23:59:59Z') / 1000,
  };
  async function hasReceipt(s: Awaited<ReturnType<typeof setup>>, appointmentId: number, customerId: number) {
    const list = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${s.centre.id}/appointments`,
      headers: s.headers,
      payload: day,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/staff/${s.centre.id}/appointments/${appointmentId}/customers/${customerId}`,
      headers: s.headers,
    });
    const row = (list.json() as AppointmentValues[]).map(appointmentOf).find((r) => r.appointment_id === appointmentId);
    expect(detail.json().has_receipt).toBe(row?.has_receipt);
    return row?.has_receipt as boolean;
  }

  it('says in the list and the edit answer whether a receipt was issued (sent or downloaded)', async () => {
    const s = await setup();
    const sent = await createAppointmentRow(t.database.db, s.centre.id);
    const downloaded = await createAppointmentRow(t.database.db, s.centre.id, { customerId: sent.customerId });
    expect(await hasReceipt(s, sent.appointment.id, sent.customerId)).toBe(false);
    expect(await hasReceipt(s, downloaded.appointment.id, sent.customerId)).toBe(false);

    const res = await t.app.inject({
      method: 'POST',
      url: s.url(sent.appointment.id, 'send'),
      headers: s.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await hasReceipt(s, sent.appointment.id, sent.customerId)).toBe(true);
    expect(await hasReceipt(s, downloaded.appointment.id, sent.customerId)).toBe(false);

    expect((await download(s.headers, s.url(downloaded.appointment.id, 'pdf'))).res.statusCode).toBe(200);
    expect(await hasReceipt(s, downloaded.appointment.id, sent.customerId)).toBe(true);
  });

  it('keeps a receipt issued before the cancellation: download and copy still work', async () => {
    const s = await setup();
    const { appointment, customerId } = await createAppointmentRow(t.database.db, s.centre.id);
    expect((await download(s.headers, s.url(appointment.id, 'pdf'))).res.statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${s.centre.id}/appointments/${appointment.id}/status`,
      headers: s.headers,
      payload: { id: appointment.id, customer_id: customerId, status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await hasReceipt(s, appointment.id, customerId)).toBe(true);
    expect((await download(s.headers, s.url(appointment.id, 'pdf'))).res.statusCode).toBe(200);
    const copy = await t.app.inject({
      method: 'POST',
      url: s.url(appointment.id, 'copy'),
      headers: s.headers,
      payload: { email: 'kopie@firma.example' },
    });
    expect(copy.statusCode).toBe(200);
  });
});
