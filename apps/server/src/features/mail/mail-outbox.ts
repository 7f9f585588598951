import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps';
import { nowMs } from '../../clock';
import type { DbOrTx } from '../../db/client';
import * as repo from './mail.repository';
import { withLegalFooter } from './mail-template';

export type { NewMail } from './mail.repository';

/**
 * Queues a mail; call inside the transaction of the change that causes it.
 * A centre's mail gets the centre's legal footer here, once for every kind
 * of mail, so the stored row is exactly what is sent.
 */
export async function enqueueMail(db: DbOrTx, mail: repo.NewMail) {
  const centre = mail.staff_id == null ? undefined : await repo.findLegalCentre(db, mail.staff_id);
  const body = centre ? withLegalFooter({ text: mail.text, html: mail.html }, centre) : mail;
  return repo.insertMail(db, { ...mail, text: body.text, ...(body.html === undefined ? {} : { html: body.html }) });
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
export const mailFromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();

/**
 * From and Reply-To of a mail: a centre's mail goes out under the centre's
 * name (with MAIL_FROM's address, which the mail server may send for) and
 * answers go to the centre's own address; other mails keep MAIL_FROM.
 */
export function senderOf(mailFrom: string, centre: { full_name: string; email: string | null } | undefined) {
  if (!centre) return { from: mailFrom };
  return {
    from: { name: centre.full_name, address: mailFromAddress(mailFrom) },
    ...(centre.email ? { replyTo: centre.email } : {}),
  };
}

export const MAX_ATTEMPTS = 10;
/** 30 s, 1 min, 2 min … capped at 1 h. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** attempts, 3_600_000);

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string | undefined): Transporter {
  const key = smtpUrl ?? 'eml';
  let t = transports.get(key);
  if (!t) {
    t = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true });
    transports.set(key, t);
  }
  return t;
}

/**
 * Delivers due mails: through SMTP_URL, or without it as .eml files in the
 * outbox folder. Failures are retried with backoff; after MAX_ATTEMPTS the row
 * is marked failed (kept, visible, never lost).
 */
export async function processOutbox(deps: Pick<AppDeps, 'db' | 'config'>, limit = 20): Promise<number> {
  const due = await repo.claimDue(deps.db, limit);
  const transport = transportFor(deps.config.smtpUrl);
  const senders = await repo.findSenders(deps.db, [
    ...new Set(due.flatMap((m) => (m.staff_id == null ? [] : [m.staff_id]))),
  ]);
  for (const mail of due) {
    try {
      const info = await transport.sendMail({
        ...senderOf(deps.config.mailFrom, mail.staff_id == null ? undefined : senders.get(mail.staff_id)),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
      if (!deps.config.smtpUrl) {
        mkdirSync(deps.config.outboxDir, { recursive: true });
        writeFileSync(
          path.join(deps.config.outboxDir, `${mail.id}.eml`),
          (info as unknown as { message: Buffer }).message,
        );
      }
      await repo.markSent(deps.db, mail.id);
    } catch (err) {
      const attempts = mail.attempts + 1;
      await repo.markFailed(
        deps.db,
        mail.id,
        err instanceof Error ? err.message : String(err),
        new Date(nowMs() + backoffMs(attempts)),
        attempts >= MAX_ATTEMPTS,
      );
    }
  }
  return due.length;
}
