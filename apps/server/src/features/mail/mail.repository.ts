import { eq, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { type MailAttachment, mailOutbox } from '../../db/schema/mail';

export interface NewMail {
  staff_id: number | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export async function insertMail(db: DbOrTx, mail: NewMail) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, attachments: mail.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due mails for this worker. SKIP LOCKED lets several server processes
 * share the outbox; a claim expires, so a crashed sender's mails come back.
 */
export async function claimDue(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  const t = sql`${now().toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    update mail_outbox set locked_until = ${t} + interval '5 minutes'
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= ${t} and (locked_until is null or locked_until < ${t})
      order by id limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (res as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .orderBy(mailOutbox.id);
}

export async function markSent(db: DbOrTx, id: number) {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sent_at: now(),
      locked_until: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
      last_error: null,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string, retryAt: Date, giveUp: boolean) {
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      last_error: error.slice(0, 2000),
      next_attempt_at: retryAt,
      locked_until: null,
    })
    .where(eq(mailOutbox.id, id));
}

export async function findMail(db: DbOrTx, id: number) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return rows[0];
}

/** The centre data every mail of a centre carries: its legal footer (added when queued). */
export async function findLegalCentre(db: DbOrTx, staffId: number) {
  const [row] = await db
    .select({
      full_name: centres.full_name,
      inv_entity: centres.inv_entity,
      inv_street: centres.inv_street,
      inv_zip: centres.inv_zip,
      inv_city: centres.inv_city,
      handelsregister_nummer: centres.handelsregister_nummer,
      handelsregister_ort: centres.handelsregister_ort,
      UID: centres.UID,
      impressum_link: centres.impressum_link,
    })
    .from(centres)
    .where(eq(centres.id, staffId));
  return row;
}

/** Sender name and reply address of the centres whose mails are delivered now. */
export async function findSenders(db: DbOrTx, staffIds: number[]) {
  if (staffIds.length === 0) return new Map<number, { full_name: string; email: string | null }>();
  const rows = await db
    .select({ id: centres.id, full_name: centres.full_name, email: centres.email })
    .from(centres)
    .where(inArray(centres.id, staffIds));
  return new Map(rows.map((r) => [r.id, { full_name: r.full_name, email: r.email }]));
}
