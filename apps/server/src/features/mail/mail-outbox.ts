import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps';
import { nowMs } from '../../clock';
import type { DbOrTx } from '../../db/client';
import * as repo from './mail.repository';

export type { NewMail } from './mail.repository';

/** Queues a mail; call inside the transaction of the change that causes it. */
export const enqueueMail = (db: DbOrTx, mail: repo.NewMail) => repo.insertMail(db, mail);

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
  for (const mail of due) {
    try {
      const info = await transport.sendMail({
        from: deps.config.mailFrom,
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
