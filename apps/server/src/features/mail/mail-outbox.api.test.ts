import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now, nowMs } from '../../clock';
import { createCentre } from '../../test/factories';
import { startSmtp } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findMail } from './mail.repository';
import { enqueueMail, processOutbox } from './mail-outbox';
import { renderMail, textToHtml } from './mail-template';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const centre = {
  full_name: 'Testzentrum Nord',
  info: 'Viele Grüße\nIhr Team Nord',
  email: 'nord@zentrum.example',
  phone: '040 123',
  tz_street: 'Hafenweg',
  tz_street_number: '3',
  tz_zip: '20095',
  tz_city: 'Hamburg',
};

describe('mail outbox', () => {
  it('delivers a queued mail over SMTP with the centre signature and attachment', async () => {
    const body = renderMail(centre, { salutation: 'Guten Tag Max Muster,', paragraphs: ['Ihr Beleg liegt bei.'] });
    const id = await enqueueMail(t.database.db, {
      staff_id: null,
      kind: 'receipt',
      to: 'max@kunde.example',
      subject: 'Ihr Beleg',
      ...body,
      attachments: [
        {
          filename: 'beleg.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.4 test').toString('base64'),
        },
      ],
    });
    expect(await processOutbox(t.deps)).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes('max@kunde.example'));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('Subject: Ihr Beleg');
    expect(mail!.raw).toContain('Ihr Team Nord');
    expect(mail!.raw).toContain('Hafenweg 3');
    expect(mail!.raw).toContain('filename=beleg.pdf');
    expect((await findMail(t.database.db, id))?.status).toBe('sent');
    // Sent mails are not sent twice.
    expect(await processOutbox(t.deps)).toBe(0);
  });

  it('keeps a failed mail and retries it later with backoff', async () => {
    smtp.setRefuse(true);
    const id = await enqueueMail(t.database.db, {
      staff_id: null,
      kind: 'test',
      to: 'voll@kunde.example',
      subject: 'Wiederholung',
      text: 'x',
    });
    await processOutbox(t.deps);
    const failed = await findMail(t.database.db, id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toContain('Postfach voll');
    expect(failed!.next_attempt_at.getTime()).toBeGreaterThan(nowMs() + 20_000);
    // Not due yet: nothing is sent.
    smtp.setRefuse(false);
    expect(await processOutbox(t.deps)).toBe(0);
    // Once due, it goes out.
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update mail_outbox set next_attempt_at = ${now().toISOString()}::timestamptz where id = ${id}`,
    );
    expect(await processOutbox(t.deps)).toBe(1);
    expect((await findMail(t.database.db, id))?.status).toBe('sent');
    expect(smtp.received.some((m) => m.to.includes('voll@kunde.example'))).toBe(true);
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'tz-outbox-'));
    const id = await enqueueMail(t.database.db, {
      staff_id: null,
      kind: 'test',
      to: 'eml@kunde.example',
      subject: 'Als Datei',
      text: 'Hallo',
    });
    await processOutbox({ db: t.database.db, config: { ...t.deps.config, smtpUrl: undefined, outboxDir } });
    const files = readdirSync(outboxDir);
    expect(files).toContain(`${id}.eml`);
    expect(readFileSync(path.join(outboxDir, `${id}.eml`), 'utf8')).toContain('Subject: Als Datei');
  });

  it("goes out under the centre's name with Reply-To, clickable links and the centre's legal footer", async () => {
    const c = await createCentre(t.database.db, {
      ...centre,
      full_name: 'Testzentrum Süd & Partner',
      email: 'sued@zentrum.example',
      inv_entity: 'Süd Gesundheit GmbH',
      inv_street: 'Kaistraße 9',
      inv_zip: '20457',
      inv_city: 'Hamburg',
      handelsregister_nummer: 'HRB 4711',
      handelsregister_ort: 'Hamburg',
      UID: 'DE987654321',
      impressum_link: 'https://sued.example/impressum',
    });
    const body = renderMail(c, {
      salutation: 'Guten Tag <Max>,',
      paragraphs: ['Zum Fragebogen: https://app.example/f/1?token=a&b=2.'],
    });
    const id = await enqueueMail(t.database.db, {
      staff_id: c.id,
      kind: 'form_invite',
      to: 'sender@kunde.example',
      subject: 'Absender',
      ...body,
    });
    const row = await findMail(t.database.db, id);
    // The footer is added once, centrally, when the mail is queued: in both parts.
    for (const part of [row!.text, row!.html!]) {
      expect(part).toContain('Betreiber: Süd Gesundheit GmbH, Kaistraße 9, 20457 Hamburg');
      expect(part).toContain('Handelsregister: Amtsgericht Hamburg HRB 4711');
      expect(part).toContain('USt-IdNr.: DE987654321');
    }
    // Links are anchors; the trailing full stop stays outside; text is escaped.
    expect(row!.html).toContain(
      '<a href="https://app.example/f/1?token=a&amp;b=2">https://app.example/f/1?token=a&amp;b=2</a>.',
    );
    expect(row!.html).toContain('<a href="https://sued.example/impressum">');
    expect(row!.html).toContain('Guten Tag &lt;Max&gt;,');
    expect(row!.html).not.toContain('<Max>');
    await processOutbox(t.deps);
    const mail = smtp.received.find((m) => m.to.includes('sender@kunde.example'));
    expect(mail).toBeDefined();
    // MAIL_FROM's address, the centre's name; answers go to the centre.
    const from = t.deps.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? t.deps.config.mailFrom;
    const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    // "Testzentrum Süd & Partner" as an encoded word
    expect(headers).toContain(`From: =?UTF-8?Q?Testzentrum_S=C3=BCd_=26_Partner?= <${from}>`);
    expect(mail!.raw).toMatch(/^Reply-To: sued@zentrum\.example\r?$/m);
    expect(mail!.raw).toContain('<a href=3D"https://app.example/f/1?token=3Da&amp;b=3D2">');
  });

  it('keeps MAIL_FROM for mails of no centre and renders a plain text without links unchanged', async () => {
    expect(textToHtml('a & b\nc')).toBe('a &amp; b<br>c');
    const id = await enqueueMail(t.database.db, {
      staff_id: null,
      kind: 'test',
      to: 'plain@kunde.example',
      subject: 'Ohne',
      text: 'x',
    });
    expect((await findMail(t.database.db, id))?.text).toBe('x');
    await processOutbox(t.deps);
    const mail = smtp.received.find((m) => m.to.includes('plain@kunde.example'));
    expect(mail!.raw).not.toContain('Reply-To');
  });
});
