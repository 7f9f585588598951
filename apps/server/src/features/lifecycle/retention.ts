import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * `npm run retention`: once the legal retention time has passed (TestV: test
 * documentation is kept until 31.12.2028; RETENTION_UNTIL), the personal data
 * of every customer whose appointments all lie on or before that day is
 * removed. Customers and appointments stay as anonymous rows, so counts and
 * billing figures of the past remain; what names, describes or reaches a
 * person goes: the customer's name, birthday, contacts, address, passport and
 * insurance number, appointment notes, questionnaire answers, ÖGD forms, DEMIS
 * notifications (they carry the whole patient), booking and result links, the
 * before/after values of their audit rows, sent mails and booking attempts of
 * that time, and the search's record of names no customer bears any more. A customer with a later appointment is kept whole: that
 * appointment's own documentation time is still running.
 */
export const ANONYMISED = 'anonymisiert';

export interface RetentionReport {
  /** The last day of the retention time (YYYY-MM-DD). */
  until: string;
  /** Whether that day has passed, so the job may remove anything. */
  due: boolean;
  dryRun: boolean;
  /** What was removed, or with a dry run (or before the day) what would be once it is due. */
  customers: number;
  appointments: number;
  formSubmissions: number;
  oegdForms: number;
  demisReports: number;
  bookings: number;
  resultLinks: number;
  auditRows: number;
  mails: number;
  bookingAttempts: number;
}

const countOf = async (db: DbOrTx, query: SQL) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${query}) q`))[0]?.n ?? 0);

/** `today` is the Berlin calendar day the job runs on (YYYY-MM-DD). */
export async function runRetention(
  db: Db,
  options: { until: string; today: string; dryRun: boolean },
): Promise<RetentionReport> {
  const due = options.today > options.until;
  // The first moment after the retention's last day, in Berlin.
  const end = sql`((${options.until}::date + 1)::timestamp at time zone 'Europe/Berlin')`;
  const customers = sql`select c.id from customers c where c.last_name <> ${ANONYMISED} and c.created_at < ${end}
    and not exists (select 1 from appointments a where a.customer_id = c.id and a.start_date >= ${end})`;
  const appointments = sql`select a.id from appointments a where a.customer_id in (${customers})`;
  const inAppointments = (table: string) =>
    sql`select t.appointment_id from ${sql.raw(table)} t where t.appointment_id in (${appointments})`;
  const audit = sql`select l.id from audit_log l where (l.before is not null or l.after is not null) and (
      (l.entity = 'customer' and l.entity_id in (select id::text from (${customers}) c))
      or (l.entity = 'appointment' and l.entity_id in (select id::text from (${appointments}) a)))`;
  const mails = sql`select m.id from mail_outbox m where m.created_at < ${end} and m.status <> 'pending'`;
  const attempts = sql`select b.id from booking_attempts b where b.created_at < ${end}`;

  return db.transaction(async (tx) => {
    const report: RetentionReport = {
      until: options.until,
      due,
      dryRun: options.dryRun,
      customers: await countOf(tx, customers),
      appointments: await countOf(tx, appointments),
      formSubmissions: await countOf(tx, inAppointments('form_submissions')),
      oegdForms: await countOf(tx, inAppointments('oegd_forms')),
      demisReports: await countOf(tx, inAppointments('demis_reports')),
      bookings: await countOf(tx, inAppointments('bookings')),
      resultLinks: await countOf(tx, inAppointments('result_links')),
      auditRows: await countOf(tx, audit),
      mails: await countOf(tx, mails),
      bookingAttempts: await countOf(tx, attempts),
    };
    if (!due || options.dryRun) return report;
    // Children first, the customers last: every statement still finds its customers by the same condition.
    for (const table of ['form_submissions', 'oegd_forms', 'demis_reports', 'bookings', 'result_links'])
      await tx.execute(sql`delete from ${sql.raw(table)} where appointment_id in (${appointments})`);
    // The audit trail is append-only (0019's trigger); this transaction alone may clear the values it names.
    await tx.execute(sql`select set_config('tz.retention', 'on', true)`);
    await tx.execute(sql`update audit_log set before = null, after = null where id in (${audit})`);
    await tx.execute(sql`update receipts set last_sent_to = null where appointment_id in (${appointments})`);
    await tx.execute(sql`update appointments set notes = null where id in (${appointments})`);
    await tx.execute(sql`delete from mail_outbox where id in (${mails})`);
    await tx.execute(sql`delete from booking_attempts where id in (${attempts})`);
    await tx.execute(sql`update customers set first_name = '', last_name = ${ANONYMISED}, birthday = null,
      email = null, phone = null, street = null, street_number = null, postcode = null, city = null,
      passport = null, insurance_policy_number = null where id in (${customers})`);
    // The search's name parts (0021) keep every name ever borne: those no customer bears any more go.
    await tx.execute(sql`delete from customer_name_parts p where not exists (select 1 from customers c
      where c.staff_id = p.staff_id and (c.first_fold = p.name or c.last_fold = p.name))`);
    return report;
  });
}
