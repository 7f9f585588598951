import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { auditLog } from '../../db/schema/platform';
import { centreWithUser, createFormAppointment } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { processOutbox } from '../mail/mail-outbox';
import { ensureDefaultForms } from './default-forms';
import { formLink, inviteToForm } from './forms.service';

interface Received {
  to: string[];
  raw: string;
}
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let own: Awaited<ReturnType<typeof centreWithUser>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
  await t.database.db.transaction((tx) => ensureDefaultForms(tx));
  own = await centreWithUser(t.app, t.database.db, ROLE.staff, { full_name: 'Testzentrum Süd', info: 'Ihr Team Süd' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (path: string) =>
  t.app.inject({ method: 'POST', url: `/api/staff/${own.centre.id}/forms/${path}`, headers: own.headers, payload: {} });

/** The raw mail with quoted-printable soft line breaks undone. */
const plain = (raw: string) => {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
};

describe('invitation to the questionnaire', () => {
  it('mails the customer a working form link through the outbox, audited', async () => {
    const a = await createFormAppointment(
      t.database.db,
      { staff_id: own.centre.id },
      { first_name: 'Ina', last_name: 'Eingeladen', email: 'ina@kunde.example' },
    );
    const res = await post(`invitations/${a.customer_appointment_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.submitted);
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ina@kunde.example'));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.kind).toBe('form_invite');

    await processOutbox(t.deps);
    const mail = smtp.received.find((m) => m.to.includes('ina@kunde.example'));
    expect(mail).toBeDefined();
    const text = plain(mail!.raw);
    expect(text).toContain('Guten Tag Ina Eingeladen');
    expect(text).toContain('Ihr Team Süd');
    const link = /http:\/\/[^/\s]+(\/check-in\/\d+\/[A-Za-z0-9._%-]+)/.exec(text);
    expect(link).not.toBeNull();
    const [, formId, token] = /\/check-in\/(\d+)\/(.+)$/.exec(link![1]!)!;
    const form = await t.app.inject({ method: 'GET', url: `/api/public/forms/${formId}?token=${token}` });
    expect(form.statusCode).toBe(200);
    expect(form.json().user.last_name).toBe('Eingeladen');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(a.id)), eq(auditLog.action, 'check_in_form_invite')));
    expect(audit).toHaveLength(1);
  });

  it('keeps the link valid until the end of the appointment day when that is more than 14 days ahead', async () => {
    // sent on 23.11. for an appointment on 23.12. at 09:00 in Berlin (issue 13, B7)
    const now = new Date('2026-11-23T10:00:00Z');
    const start = new Date('2026-12-23T08:00:00Z');
    const a = await createFormAppointment(
      t.database.db,
      { staff_id: own.centre.id, start_date: start, end_date: new Date(start.getTime() + 15 * 60_000) },
      { email: 'spaet@kunde.example' },
    );
    const auth = {
      userId: own.user.id,
      sessionId: 'test',
      staffId: own.centre.id,
      roleId: ROLE.staff,
      name: own.user.name,
      email: own.user.email,
      expiresAt: new Date(now.getTime() + 3600_000),
      stage: 'full' as const,
    };
    await inviteToForm(t.deps, auth, own.centre.id, a.customer_appointment_id, 'http://localhost', now);
    const [queued] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'spaet@kunde.example'));
    expect(queued!.text).toContain('Der Link ist bis zum 23.12.2026 gültig.');
    const token = decodeURIComponent(/\/check-in\/\d+\/([A-Za-z0-9._%-]+)/.exec(queued!.text)![1]!);
    expect(new Date(decodeJwt(token).exp! * 1000).toISOString()).toBe('2026-12-23T23:00:00.000Z');
    // the QR dialog's link follows the same rule
    const link = await formLink(t.deps, own.centre.id, a.token, now);
    expect(link.expires_at).toBe('2026-12-23T23:00:00.000Z');
  });

  it('is refused once the form is filled (bit 4) and without an e-mail address', async () => {
    const filled = await createFormAppointment(t.database.db, { staff_id: own.centre.id, checked_in: 4 });
    const res = await post(`invitations/${filled.customer_appointment_id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.formInviteFilled);

    const noMail = await createFormAppointment(t.database.db, { staff_id: own.centre.id }, { email: null });
    const res2 = await post(`invitations/${noMail.customer_appointment_id}`);
    expect(res2.statusCode).toBe(422);
    expect(res2.json().message).toBe(MSG.customerWithoutEmail);
  });

  it("cannot invite another centre's customer", async () => {
    const other = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const foreign = await createFormAppointment(t.database.db, { staff_id: other.centre.id });
    expect((await post(`invitations/${foreign.customer_appointment_id}`)).statusCode).toBe(404);
  });
});

describe('QR code e-mail', () => {
  it('sends the QR code as PNG and answers "Versendet!"', async () => {
    const a = await createFormAppointment(t.database.db, { staff_id: own.centre.id }, { email: 'qr@kunde.example' });
    const res = await post(`qr-mail/${a.customer_appointment_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.qrSent);
    const [queued] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'qr@kunde.example'));
    expect(queued!.attachments[0]!.filename).toBe('qr-code.png');
    expect(Buffer.from(queued!.attachments[0]!.content, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });
});
