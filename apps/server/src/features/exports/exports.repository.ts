import { SELF_PAYER_CLASSIFICATION_ID } from '@tz/shared/constants';
import type { ExportType } from '@tz/shared/exports/exports.contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { exportQueue } from '../../db/schema/exports';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// ── the queue ─────────────────────────────────────────────────────────────

export type ExportEntry = typeof exportQueue.$inferSelect;

export async function insertEntry(
  db: DbOrTx,
  e: { staff_id: number; requested_by: number; export_from: Date; export_to: Date },
): Promise<ExportEntry> {
  const [row] = await db.insert(exportQueue).values(e).returning();
  return row!;
}

/** A not yet produced entry of the centre for the same range (a second click on 'Anfordern' adds nothing). */
export async function findWaitingSame(db: DbOrTx, staffId: number, from: Date, to: Date) {
  const [row] = await db
    .select()
    .from(exportQueue)
    .where(
      and(
        eq(exportQueue.staff_id, staffId),
        eq(exportQueue.done, 0),
        eq(exportQueue.failed, false),
        eq(exportQueue.export_from, from),
        eq(exportQueue.export_to, to),
      ),
    )
    .limit(1);
  return row;
}

export async function countWaiting(db: DbOrTx, staffId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exportQueue)
    .where(and(eq(exportQueue.staff_id, staffId), eq(exportQueue.done, 0), eq(exportQueue.failed, false)));
  return Number(row?.n ?? 0);
}

/** One page of the centre's entries, newest first (the (staff_id, created_at) index). */
export function listEntries(db: DbOrTx, staffId: number, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(exportQueue)
    .where(eq(exportQueue.staff_id, staffId))
    .orderBy(desc(exportQueue.created_at), desc(exportQueue.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEntries(db: DbOrTx, staffId: number) {
  const [row] = await db.select({ n: count() }).from(exportQueue).where(eq(exportQueue.staff_id, staffId));
  return row?.n ?? 0;
}

export async function findEntry(db: DbOrTx, staffId: number, id: number) {
  const [row] = await db
    .select()
    .from(exportQueue)
    .where(and(eq(exportQueue.id, id), eq(exportQueue.staff_id, staffId)));
  return row;
}

/** Due: not done, not given up, its backoff over, and no worker's claim holding it. */
const due = (t: SQL) =>
  sql`done = 0 and not failed and next_attempt_at <= ${t} and (claimed_until is null or claimed_until < ${t})`;

/**
 * Claims the oldest due entry for one worker, or none. The row lock with SKIP
 * LOCKED lets concurrent workers (processes, servers) each take a different
 * entry in the same instant; the lease it sets (claim_token, claimed_until)
 * keeps the entry theirs after the statement, while they write the file.
 */
export async function claimNext(db: DbOrTx, token: string, now: Date, leaseMs: number) {
  const t = at(now);
  const res = await db.execute(sql`
    update export_queue set claim_token = ${token}, claimed_until = ${t} + ${`${leaseMs} milliseconds`}::interval,
      attempts = attempts + 1
    where id = (
      select id from export_queue where ${due(t)}
      order by next_attempt_at, id limit 1
      for update skip locked
    )
    returning id, staff_id, export_from, export_to, attempts`);
  const row = rowsOf<{ id: number; staff_id: number; export_from: unknown; export_to: unknown; attempts: number }>(
    res,
  )[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    staff_id: Number(row.staff_id),
    export_from: new Date(row.export_from as string),
    export_to: new Date(row.export_to as string),
    attempts: Number(row.attempts),
  };
}
export type ClaimedEntry = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/** Extends a claim while the file is written; false when the claim is no longer this worker's. */
export async function renewClaim(db: DbOrTx, id: number, token: string, until: Date) {
  const rows = await db
    .update(exportQueue)
    .set({ claimed_until: until })
    .where(and(eq(exportQueue.id, id), eq(exportQueue.claim_token, token), eq(exportQueue.done, 0)))
    .returning({ id: exportQueue.id });
  return rows.length > 0;
}

/** Marks the entry produced, only while the claim is still this worker's: the one place done becomes 1. */
export async function completeEntry(
  db: DbOrTx,
  id: number,
  token: string,
  f: { bucket_filename: string; rows: number; bytes: number; finished_at: Date },
) {
  const rows = await db
    .update(exportQueue)
    .set({ ...f, done: 1, claim_token: null, claimed_until: null, last_error: null })
    .where(and(eq(exportQueue.id, id), eq(exportQueue.claim_token, token), eq(exportQueue.done, 0)))
    .returning({ id: exportQueue.id });
  return rows.length > 0;
}

/** Gives a claim back after a failure: due again at `retryAt`, or given up. */
export async function releaseClaim(
  db: DbOrTx,
  id: number,
  token: string,
  r: { error: string | null; retryAt: Date; giveUp: boolean },
) {
  await db
    .update(exportQueue)
    .set({
      claim_token: null,
      claimed_until: null,
      next_attempt_at: r.retryAt,
      failed: r.giveUp,
      ...(r.error === null ? {} : { last_error: r.error.slice(0, 2000) }),
    })
    .where(and(eq(exportQueue.id, id), eq(exportQueue.claim_token, token)));
}

/** Given-up entries become due again (the admin's dispatch tries them once more). */
export async function retryFailed(db: DbOrTx, now: Date) {
  await db
    .update(exportQueue)
    .set({ failed: false, attempts: 0, next_attempt_at: now })
    .where(and(eq(exportQueue.done, 0), eq(exportQueue.failed, true)));
}

/** How many entries wait (due now or later), are being produced, or were given up, platform-wide. */
export async function queueStatus(db: DbOrTx, now: Date) {
  const t = at(now);
  const res = await db.execute(sql`
    select count(*) filter (where not failed and (claimed_until is null or claimed_until < ${t}))::int as queued,
      count(*) filter (where not failed and claimed_until >= ${t})::int as running,
      count(*) filter (where failed)::int as failed
    from export_queue where done = 0`);
  const row = rowsOf<{ queued: number; running: number; failed: number }>(res)[0];
  return { queued: Number(row?.queued ?? 0), running: Number(row?.running ?? 0), failed: Number(row?.failed ?? 0) };
}

// ── the rows of the files ─────────────────────────────────────────────────

/** The position after which the next keyset page starts: start_date (ISO, microseconds) and id. */
export interface RowKey {
  start: string;
  id: number;
}

/** The fields every export row has: the appointment, its customer and its service. */
export interface BaseExportRow {
  id: number;
  /** The keyset position as text with microseconds, so no row is skipped or read twice (keyset pages only). */
  key_start?: string;
  customer_appointment_id: number;
  /** 'YYYY-MM-DD HH:mm' of the appointment in the centre's time zone. */
  starts: string;
  status: string;
  first_name: string;
  last_name: string;
  gender: number;
  birthday: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  service_title: string;
  test_type: number | null;
  price: number;
}

export interface TestExportRow extends BaseExportRow {
  res_detected: number | null;
  /** ISO (UTC, milliseconds) or null. */
  res_date: string | null;
  demis_status: string | null;
  payment_class_id: number | null;
  classification_checked_by: string | null;
  receipt_issued: boolean;
  receipt_sent_to: string | null;
  receipt_sent_at: string | null;
  cwa_optin: boolean;
}

export interface VaccinationExportRow extends BaseExportRow {
  vaccine: string;
  batch_number: string;
  dose: number;
  vaccination_date: string;
}

/** Which appointments of the range a file holds. 'certificates': every test with a result (the monthly export). */
export type RowSelection = ExportType | 'certificates';

/**
 * The SQL of one selection (docs/exports.md): results 2 positive, 1 negative;
 * chargeable as isChargeable in packages/shared/src/rules/payment-category.ts.
 */
function selectionCondition(selection: RowSelection): SQL {
  switch (selection) {
    case 'positive':
      return sql`a.res_detected = 2`;
    case 'negative':
      return sql`a.res_detected = 1`;
    case 'chargeable':
      return sql`a.status = 'approved' and a.res_date is not null and a.payment_class_id is not null
        and a.payment_class_id <> ${SELF_PAYER_CLASSIFICATION_ID}`;
    case 'certificates':
      return sql`a.res_date is not null`;
    case 'all':
      return sql`true`;
  }
}

const isoUtc = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The fields of every row; the keyset position only where pages are read by keyset. */
function baseFields(zone: string, withKey: boolean) {
  const key = withKey
    ? sql`to_char(a.start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_start,`
    : sql``;
  return sql`a.id, ${key} a.customer_appointment_id,
    to_char(a.start_date at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as starts,
    a.status, cu.first_name, cu.last_name, cu.gender, cu.birthday::text as birthday, cu.street, cu.postcode,
    cu.city, cu.phone, cu.email, s.title as service_title, s.test_type, a.price`;
}

export interface RangeQuery {
  staffId: number;
  /** Appointment start times from (included) … till (excluded). */
  from: Date;
  till: Date;
  zone: string;
}

export interface PageQuery extends RangeQuery {
  after?: RowKey;
  limit: number;
}

/** Range and no blocked slots, plus the keyset position of a page: walks the (staff_id, start_date, id) index in order. */
function rangeWhere(q: RangeQuery & { after?: RowKey }) {
  return sql`a.staff_id = ${q.staffId} and a.start_date >= ${at(q.from)} and a.start_date < ${at(q.till)}
    and not a.should_block_slot
    ${q.after ? sql`and (a.start_date, a.id) > (${q.after.start}::timestamptz, ${q.after.id})` : sql``}`;
}

const pageLimit = (q: RangeQuery & { limit?: number }) => (q.limit ? sql`limit ${q.limit}` : sql``);

/** The tests of a range in order (without a limit: the whole range, for a cursor). */
export function testRowsSql(q: RangeQuery & { selection: RowSelection; after?: RowKey; limit?: number }): SQL {
  return sql`
    select ${baseFields(q.zone, q.limit !== undefined)}, a.res_detected, ${isoUtc(sql`a.res_date`)} as res_date, a.demis_status,
      a.payment_class_id, a.classification_checked_by,
      (r.id is not null) as receipt_issued, r.last_sent_to as receipt_sent_to,
      ${isoUtc(sql`r.last_sent_at`)} as receipt_sent_at, coalesce(o.optin, false) as cwa_optin
    from appointments a
    join customers cu on cu.id = a.customer_id
    join services s on s.id = a.service_id
    left join receipts r on r.appointment_id = a.id
    left join oegd_forms o on o.appointment_id = a.id
    where ${rangeWhere(q)} and ${selectionCondition(q.selection)}
    order by a.start_date, a.id
    ${pageLimit(q)}`;
}

/** One keyset page of test rows (immediate export; the monthly export on PGlite). */
export async function testRowsPage(db: DbOrTx, q: PageQuery & { selection: RowSelection }) {
  return rowsOf<TestExportRow>(await db.execute(testRowsSql(q)));
}

/** The vaccinations of a range in order (without a limit: the whole range). */
export function vaccinationRowsSql(q: RangeQuery & { after?: RowKey; limit?: number }): SQL {
  return sql`
    select ${baseFields(q.zone, q.limit !== undefined)}, v.vaccine, v.batch_number, v.dose, v.vaccination_date::text as vaccination_date
    from appointments a
    join vaccinations v on v.appointment_id = a.id
    join customers cu on cu.id = a.customer_id
    join services s on s.id = a.service_id
    where ${rangeWhere(q)}
    order by a.start_date, a.id
    ${pageLimit(q)}`;
}

/** One keyset page of vaccinations. */
export async function vaccinationRowsPage(db: DbOrTx, q: PageQuery) {
  return rowsOf<VaccinationExportRow>(await db.execute(vaccinationRowsSql(q)));
}

/** What the files need of the centre. */
export async function findCentre(db: DbOrTx, staffId: number) {
  const res = await db.execute(sql`select full_name, time_zone, type from centres where id = ${staffId}`);
  return rowsOf<{ full_name: string; time_zone: string; type: string }>(res)[0];
}

/** Labels of the classifications and test types, for the cells. */
export async function labels(db: DbOrTx) {
  const [classes, types] = await Promise.all([
    db.execute(sql`select id, label from payment_classifications`),
    db.execute(sql`select id, label from test_types`),
  ]);
  const map = (res: unknown) =>
    new Map(rowsOf<{ id: number; label: string }>(res).map((r) => [Number(r.id), r.label] as const));
  return { classes: map(classes), testTypes: map(types) };
}
