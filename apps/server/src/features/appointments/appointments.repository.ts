import { APPOINTMENT_FIELDS } from '@tz/shared/appointments/appointment-values';
import type {
  Appointment,
  AppointmentListQuery,
  AppointmentStatus,
} from '@tz/shared/appointments/appointments.contract';
import { CHECKED_IN } from '@tz/shared/constants';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { now } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { preparedPerDb } from '../../db/prepared';
import { appointmentInstitutions, appointments, paymentClassifications } from '../../db/schema/appointments';
import { centrePcrLabs, centres, pcrLabs } from '../../db/schema/centres';
import { customers, institutions } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { receipts } from '../../db/schema/receipts';
import { services } from '../../db/schema/services';
import { shapedSql } from '../../db/shaped-sql';
import type { AuditEntry } from '../audit/audit.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const p = sql.placeholder;

/**
 * Every condition the list can apply, with placeholders for its values
 * (listValues): the list and its count are rendered once per combination of
 * conditions (shapedSql) and only filled per call. Each starts with staff_id
 * or follows the range, so the (staff_id, start_date, id) index applies.
 */
const CONDITIONS = {
  startRange: and(
    eq(appointments.staff_id, p('staffId')),
    gte(appointments.start_date, p('from')),
    lte(appointments.start_date, p('till')),
  )!,
  resultDateRange: and(
    eq(appointments.staff_id, p('staffId')),
    gte(appointments.res_date, p('from')),
    lte(appointments.res_date, p('till')),
  )!,
  withResult: isNotNull(appointments.res_detected),
  status: eq(appointments.status, p('status')),
  noClassification: isNull(appointments.payment_class_id),
  classification: eq(appointments.payment_class_id, p('paymentClassification')),
  service: eq(appointments.service_id, p('serviceId')),
  source: eq(appointments.source, p('source')),
  notCheckedIn: sql`(${appointments.checked_in} & 1) = 0`,
  checkedIn: sql`(${appointments.checked_in} & 1) = 1`,
  questionnaireFilled: sql`(${appointments.checked_in} & 4) = 4`,
  performed: or(isNotNull(appointments.res_date), isNotNull(appointments.vaccination_id))!,
  notPerformed: and(isNull(appointments.res_date), isNull(appointments.vaccination_id))!,
  result: eq(appointments.res_detected, p('result')),
  // Constants written into the text: a shaped query's parameters are placeholders only.
  reported: sql`${appointments.demis_status} = 'success'`,
  notReported: sql`(${appointments.demis_status} is null or ${appointments.demis_status} <> 'success')`,
} satisfies Record<string, SQL>;
type Condition = keyof typeof CONDITIONS;

/** The conditions one list query applies (its shape; the values are listValues'). */
function listConditions(q: AppointmentListQuery): Condition[] {
  const c: Condition[] = [q.appointment_source === 'customer_appointments_res_date' ? 'resultDateRange' : 'startRange'];
  if (q.appointment_source === 'result') c.push('withResult');
  if (q.status) c.push('status');
  if (q.paymentClassification != null) c.push(q.paymentClassification === 0 ? 'noClassification' : 'classification');
  if (q.service_id != null) c.push('service');
  if (q.source) c.push('source');
  if (q.checkedIn === '0') c.push('notCheckedIn');
  if (q.checkedIn === '1') c.push('checkedIn');
  if (q.checkedIn === '2') c.push('questionnaireFilled');
  if (q.performed === '1') c.push('performed');
  if (q.performed === '0') c.push('notPerformed');
  if (q.result) c.push('result');
  if (q.demis_status === 'reported') c.push('reported');
  if (q.demis_status === 'not_reported') c.push('notReported');
  return c;
}

/** SQL of the conditions a list query applies, with their placeholders. */
const conditionsOf = (q: AppointmentListQuery) => listConditions(q).map((c) => CONDITIONS[c]);

interface ListArgs {
  staffId: number;
  q: AppointmentListQuery;
}

/** The rows next to an instant: `take.before` rows starting before `at`, `take.from` rows from it (rowsAroundJson). */
interface AroundArgs extends ListArgs {
  at: Date;
  take: { before: number; from: number };
}

/** The values of the placeholders of CONDITIONS and the paging (timestamps as toISOString(), as Drizzle sends them). */
function listValues({ staffId, q }: ListArgs) {
  return {
    staffId,
    from: new Date(q.startdate * 1000).toISOString(),
    till: new Date(q.enddate * 1000).toISOString(),
    status: q.status ?? null,
    paymentClassification: q.paymentClassification ?? null,
    serviceId: q.service_id ?? null,
    source: q.source ?? null,
    result: q.result ? Number(q.result) : null,
    afterStart: q.after?.start_date ?? null,
    afterId: q.after?.appointment_id ?? null,
    beforeStart: q.before?.start_date ?? null,
    beforeId: q.before?.appointment_id ?? null,
    limit: q.limit ?? null,
  };
}

const aroundValues = (a: AroundArgs) => ({
  ...listValues(a),
  at: a.at.toISOString(),
  takeBefore: a.take.before,
  takeFrom: a.take.from,
});

/** The order of the list and its keyset cursors. */
const keyset = sql`(${appointments.start_date}, ${appointments.id})`;

/**
 * The list's conditions plus the keyset position (the row comparison walks the (staff_id, start_date, id) index):
 * after a cursor forwards, or before one backwards (the rows next to it first).
 */
function listWhere(q: AppointmentListQuery): SQL {
  const where = conditionsOf(q);
  if (q.after) where.push(sql`${keyset} > (${p('afterStart')}::timestamptz, ${p('afterId')})`);
  if (q.before) where.push(sql`${keyset} < (${p('beforeStart')}::timestamptz, ${p('beforeId')})`);
  return and(...where)!;
}

/** A list query's shape: its conditions, cursors and limit. */
const listShape = ({ q }: ListArgs) =>
  `${listConditions(q).join(',')}|${q.after ? 'after' : ''}|${q.before ? 'before' : ''}|${q.limit ? 'limit' : ''}`;

/** Forwards (oldest first), or backwards when the page ends at a `before` cursor. */
const listOrder = (backwards: boolean) =>
  backwards
    ? [desc(appointments.start_date), desc(appointments.id)]
    : [asc(appointments.start_date), asc(appointments.id)];

/**
 * One query for the whole list (or one keyset page of it) as rows: customer,
 * service and centre joined; the institutions aggregated per row through the
 * primary-key index.
 */
export async function listAppointments(db: DbOrTx, staffId: number, q: AppointmentListQuery) {
  const query = rowsQuery(db, listWhere(q), listOrder(!!q.before));
  const rows = (await (q.limit ? query.limit(p('limit')) : query).execute(listValues({ staffId, q }))).map(toRow);
  // A backwards page is read from its end; the answer is oldest first like every other.
  return q.before ? rows.reverse() : rows;
}

/** Timestamps as JavaScript's toISOString() writes them, so both row paths answer the same text. */
const isoUtc = (value: SQL | AnyColumn) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TIMESTAMP_FIELDS = new Set(['start_date', 'end_date', 'res_date']);

/** The centre's PCR labs, one field of every list row. */
const labsField = sql`(select coalesce(array_agg(l.pcr_lab_id order by l.pcr_lab_id), '{}'::int[])
  from ${centrePcrLabs} l where l.staff_id = ${p('staffId')}) as pcr_labs`;

/**
 * One run of the list's rows as text (timestamps as toISOString() writes them), in the list's
 * order or backwards, at most the placeholder `limit`'s number of rows when it is named.
 */
function rowsSelect(
  names: readonly (keyof typeof ROW_FIELDS)[],
  where: SQL,
  o: { backwards?: boolean; limit?: string; labs?: boolean } = {},
): SQL {
  const fields = names.map(
    (name) =>
      sql`${TIMESTAMP_FIELDS.has(name) ? isoUtc(ROW_FIELDS[name]) : ROW_FIELDS[name]} as ${sql.identifier(name)}`,
  );
  if (o.labs) fields.push(labsField);
  const direction = o.backwards ? sql`desc` : sql`asc`;
  return sql`(select ${sql.join(fields, sql`, `)}
      from ${appointments}
      join ${customers} on ${customers.id} = ${appointments.customer_id}
      join ${services} on ${services.id} = ${appointments.service_id}
      join ${centres} on ${centres.id} = ${appointments.staff_id}
      where ${where}
      order by ${appointments.start_date} ${direction}, ${appointments.id} ${direction}
      ${o.limit ? sql`limit ${p(o.limit)}` : sql``})`;
}

/** A row of the runs (`r`) as the array of its values in APPOINTMENT_FIELDS' order: what the list answers send. */
const rowValues = sql`json_build_array(${sql.raw(APPOINTMENT_FIELDS.map((name) => `r."${name}"`).join(', '))})`;

/** The JSON array text of one or more runs of rows (see rowsSelect), each row its values, oldest first. */
const rowsJsonQuery = (runs: SQL[]): SQL =>
  sql`select coalesce(json_agg(${rowValues} order by r.start_date, r.appointment_id), '[]'::json)::text as body
    from (${sql.join(runs, sql` union all `)}) r`;

/**
 * The list answer as JSON text, built by PostgreSQL: the same rows as
 * listAppointments (the contract's fields, LIST_FIELD_NAMES) plus the
 * centre's pcr_labs, in the same order, each row the array of its values
 * (appointment-values.ts). The server passes the text on untouched; parsing
 * and re-encoding 1,500 rows cost the server 4× the query itself (bench).
 * Tests keep both paths equal and parse the answer with the contract's schema.
 */
const listJson = shapedSql<ListArgs>({
  shape: listShape,
  values: listValues,
  build: ({ q }) =>
    rowsJsonQuery([
      rowsSelect(LIST_FIELD_NAMES, listWhere(q), {
        backwards: !!q.before,
        limit: q.limit ? 'limit' : undefined,
        labs: true,
      }),
    ]),
});

/** The list answer's SQL text and values (the benchmark runs it bare). */
export const listJsonSql = (staffId: number, q: AppointmentListQuery) => listJson.query({ staffId, q });

/**
 * The whole list (no page size, forwards) as listJson's rows, each its own JSON text (`json`), oldest
 * first: the outer select only turns each row of the ordered run into its values. Streamed row by row.
 */
const listRowJson = shapedSql<ListArgs>({
  shape: listShape,
  values: listValues,
  build: ({ q }) =>
    sql`select ${rowValues}::text as json from ${rowsSelect(LIST_FIELD_NAMES, listWhere(q), { labs: true })} r`,
});

/** SQL text and values of the whole list's rows as JSON texts (not for a page or a `before` cursor). */
export const listRowJsonSql = (staffId: number, q: AppointmentListQuery) => listRowJson.query({ staffId, q });

export async function listAppointmentsJson(db: DbOrTx, staffId: number, q: AppointmentListQuery): Promise<string> {
  const [row] = await listJson.rows<{ body: string }>(db, { staffId, q });
  return row!.body;
}

const around = shapedSql<AroundArgs>({
  shape: ({ q, take }) =>
    `${listConditions(q).join(',')}|${take.before > 0 ? 'before' : ''}|${take.from > 0 ? 'from' : ''}`,
  values: aroundValues,
  build: ({ q, take }) => {
    const runs: SQL[] = [];
    if (take.before > 0) {
      const where = and(...conditionsOf(q), sql`${appointments.start_date} < ${p('at')}::timestamptz`)!;
      runs.push(rowsSelect(LIST_FIELD_NAMES, where, { backwards: true, limit: 'takeBefore', labs: true }));
    }
    if (take.from > 0) {
      const where = and(...conditionsOf(q), sql`${appointments.start_date} >= ${p('at')}::timestamptz`)!;
      runs.push(rowsSelect(LIST_FIELD_NAMES, where, { limit: 'takeFrom', labs: true }));
    }
    return rowsJsonQuery(runs);
  },
});

const countAroundQuery = shapedSql<ListArgs & { at: Date }>({
  shape: ({ q }) => listConditions(q).join(','),
  values: (a) => ({ ...listValues(a), at: a.at.toISOString() }),
  build: ({ q }) =>
    sql`select count(*)::int as total,
      count(*) filter (where ${appointments.start_date} < ${p('at')}::timestamptz)::int as before
      from ${appointments} where ${and(...conditionsOf(q))}`,
});

/** How many rows the list query holds, and how many of them start before `at`. */
export async function countAround(db: DbOrTx, staffId: number, q: AppointmentListQuery, at: Date) {
  const [row] = await countAroundQuery.rows<{ total: number; before: number }>(db, { staffId, q, at });
  return { total: Number(row?.total ?? 0), before: Number(row?.before ?? 0) };
}

/**
 * The rows of the list next to `at` as JSON text: the last `before` rows
 * starting before it and the first `from` rows starting at or after it,
 * oldest first (one statement, both runs walk the index from `at`).
 */
export async function rowsAroundJson(
  db: DbOrTx,
  staffId: number,
  q: AppointmentListQuery,
  at: Date,
  take: { before: number; from: number },
): Promise<string> {
  if (take.before <= 0 && take.from <= 0) return '[]';
  const [row] = await around.rows<{ body: string }>(db, { staffId, q, at, take });
  return row!.body;
}

/** What the CSV of the list needs of a row (appointments.csv.ts), plus the keyset position. */
export const CSV_ROW_FIELDS = [
  'appointment_id',
  'start_date',
  'customer_appointment_id',
  'date',
  'time',
  'status',
  'customer_firstname',
  'customer_lastname',
  'customer_gender',
  'customer_birthday',
  'customer_street',
  'customer_postcode',
  'customer_city',
  'customer_phone',
  'customer_email',
  'customer_passport',
  'service_title',
  'price',
  'checked_in',
  'res_detected',
  'res_date',
  'payment_class_id',
  'classification_checked_by',
  'demis_status',
  'notes',
] as const satisfies readonly (keyof Appointment)[];
export type CsvRow = Pick<Appointment, (typeof CSV_ROW_FIELDS)[number]>;

const csvPage = shapedSql<ListArgs>({
  shape: listShape,
  values: listValues,
  build: ({ q }) => rowsSelect(CSV_ROW_FIELDS, listWhere(q), { limit: q.limit ? 'limit' : undefined }),
});

/**
 * One keyset page of the CSV's rows (forwards only: the CSV walks `after`
 * cursors): only the fields the file shows, plain rows of the driver. The
 * typed rows (listAppointments: 48 fields, Drizzle's mapping, a copy per row)
 * allocated 16 kB per row; the garbage of a 30-day CSV lived long enough to be
 * promoted and grew the server by ≈ 150 MB.
 */
export const listCsvRows = (db: DbOrTx, staffId: number, q: AppointmentListQuery) =>
  csvPage.rows<CsvRow>(db, { staffId, q: { ...q, before: undefined } });

/**
 * The appointment row query (spec §3 Appointment row) for any condition: the
 * list, one appointment, a customer's appointments and the rebook list share it.
 */
export async function appointmentRows(db: DbOrTx, where: SQL, orderBy: SQL[], limit?: number) {
  const query = rowsQuery(db, where, orderBy);
  return (await (limit ? query.limit(limit) : query)).map(toRow);
}

/** The fields of an appointment row (spec §3 Appointment row, without pcr_labs, which is per centre). */
const ROW_FIELDS = {
  appointment_id: appointments.id,
  customer_id: appointments.customer_id,
  customer_appointment_id: appointments.customer_appointment_id,
  token: appointments.token,
  staff_id: appointments.staff_id,
  start_date: appointments.start_date,
  end_date: appointments.end_date,
  date: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'YYYY-MM-DD')`,
  time: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'HH24:MI')`,
  status: appointments.status,
  checked_in: appointments.checked_in,
  number_of_persons: appointments.number_of_persons,
  notes: appointments.notes,
  customer_firstname: customers.first_name,
  customer_lastname: customers.last_name,
  customer_gender: customers.gender,
  customer_birthday: customers.birthday,
  customer_street: customers.street,
  customer_postcode: customers.postcode,
  customer_city: customers.city,
  customer_phone: customers.phone,
  customer_email: customers.email,
  customer_passport: customers.passport,
  service_id: appointments.service_id,
  service_title: services.title,
  service_test_type: services.test_type,
  service_test_v: services.service_test_v,
  service_active: services.active,
  res_detected: appointments.res_detected,
  res_date: appointments.res_date,
  demis_status: appointments.demis_status,
  vaccination_id: appointments.vaccination_id,
  payment_class_id: appointments.payment_class_id,
  classification_checked_by: appointments.classification_checked_by,
  price: appointments.price,
  pcr_lab_id_selected: appointments.pcr_lab_id_selected,
  aInstitutionIds: sql<number[]>`coalesce((select array_agg(ai.institution_id order by ai.institution_id)
      from ${appointmentInstitutions} ai where ai.appointment_id = ${appointments.id}), '{}'::int[])`,
  staff_name: centres.full_name,
  domain: centres.domain,
  host: centres.host,
  should_block_slot: appointments.should_block_slot,
  source: appointments.source,
  series_id: appointments.series_id,
  // through the unique index receipts_appointment_unique
  has_receipt: sql<boolean>`exists (select 1 from ${receipts} r where r.appointment_id = ${appointments.id})`,
};

/**
 * The list answer's fields: exactly the contract's (APPOINTMENT_FIELDS, the order the answer sends
 * them in), so the text the database builds (which no zod schema checks on its way out) holds nothing
 * the contract does not name. pcr_labs is the centre's (labsField). The compiler checks that ROW_FIELDS
 * has them all.
 */
const LIST_FIELD_NAMES = APPOINTMENT_FIELDS.filter(
  (name): name is Exclude<(typeof APPOINTMENT_FIELDS)[number], 'pcr_labs'> => name !== 'pcr_labs',
);
ROW_FIELDS satisfies Record<(typeof LIST_FIELD_NAMES)[number], unknown>;

function rowsQuery(db: DbOrTx, where: SQL, orderBy: SQL[]) {
  return db
    .select(ROW_FIELDS)
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .innerJoin(centres, eq(centres.id, appointments.staff_id))
    .where(where)
    .orderBy(...orderBy);
}

type RawRow = Awaited<ReturnType<typeof rowsQuery>>[number];

function toRow(r: RawRow) {
  return {
    ...r,
    status: r.status as AppointmentStatus,
    start_date: r.start_date.toISOString(),
    end_date: r.end_date.toISOString(),
    res_date: iso(r.res_date),
    aInstitutionIds: (r.aInstitutionIds ?? []).map(Number),
  };
}

/** The total of the whole range: paging (limit and cursors) does not apply. */
const listCount = shapedSql<ListArgs>({
  shape: ({ q }) => listConditions(q).join(','),
  values: listValues,
  build: ({ q }) => sql`select count(*)::int as n from ${appointments} where ${and(...conditionsOf(q))}`,
});

/** The count's SQL text and values (the benchmark runs it bare). */
export const countSql = (staffId: number, q: AppointmentListQuery) => listCount.query({ staffId, q });

export async function countAppointments(db: DbOrTx, staffId: number, q: AppointmentListQuery) {
  const [row] = await listCount.rows<{ n: number }>(db, { staffId, q });
  return Number(row?.n ?? 0);
}

const centreLabIdsQuery = (db: DbOrTx, staffId: number) =>
  db
    .select({ id: centrePcrLabs.pcr_lab_id })
    .from(centrePcrLabs)
    .where(eq(centrePcrLabs.staff_id, staffId))
    .orderBy(asc(centrePcrLabs.pcr_lab_id));

export async function centreLabIds(db: DbOrTx, staffId: number) {
  const rows = await centreLabIdsQuery(db, staffId);
  return rows.map((r) => r.id);
}

export async function centreLabs(db: DbOrTx, staffId: number) {
  return db
    .select({ id: pcrLabs.id, name: pcrLabs.name, result_button_label: pcrLabs.result_button_label })
    .from(centrePcrLabs)
    .innerJoin(pcrLabs, eq(pcrLabs.id, centrePcrLabs.pcr_lab_id))
    .where(eq(centrePcrLabs.staff_id, staffId))
    .orderBy(asc(pcrLabs.id));
}

export async function findCentreSettings(db: DbOrTx, staffId: number) {
  const [row] = await db
    .select({
      type: centres.type,
      time_zone: centres.time_zone,
      force_payment_classification: centres.force_payment_classification,
    })
    .from(centres)
    .where(eq(centres.id, staffId));
  return row;
}

export async function centreServices(db: DbOrTx, staffId: number) {
  return db
    .select({
      id: services.id,
      title: services.title,
      active: services.active,
      test_type: services.test_type,
      service_test_v: services.service_test_v,
    })
    .from(services)
    .where(eq(services.staff_id, staffId))
    .orderBy(asc(german(services.title)), asc(services.id));
}

/** Upcoming approved visits booked on services that are no longer active. */
export async function countInactiveServiceAppointments(db: DbOrTx, staffId: number, from: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.service_id))
    .where(
      and(
        eq(appointments.staff_id, staffId),
        gte(appointments.start_date, from),
        eq(appointments.status, 'approved'),
        eq(services.active, false),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Figures of one day [from, till) of a centre, without blocked slots. */
export async function dayFigures(db: DbOrTx, staffId: number, from: Date, till: Date) {
  const approved = sql`${appointments.status} = 'approved'`;
  const [row] = await db
    .select({
      appointments: sql<number>`count(*) filter (where ${approved})`.mapWith(Number),
      checked_in: sql<number>`count(*) filter (where ${approved} and (${appointments.checked_in} & 1) = 1)`.mapWith(
        Number,
      ),
      processed:
        sql<number>`count(*) filter (where ${approved} and (${appointments.res_date} is not null or ${appointments.vaccination_id} is not null))`.mapWith(
          Number,
        ),
      cancelled: sql<number>`count(*) filter (where ${appointments.status} = 'cancelled')`.mapWith(Number),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staff_id, staffId),
        gte(appointments.start_date, from),
        sql`${appointments.start_date} < ${till}`,
        eq(appointments.should_block_slot, false),
      ),
    );
  return row ?? { appointments: 0, checked_in: 0, processed: 0, cancelled: 0 };
}

/** Start and end of "today" (by the server's clock) in a time zone, with the database's zone rules. */
export async function todayBounds(db: DbOrTx, timeZone: string, at = now()) {
  const t = sql`${at.toISOString()}::timestamptz`;
  const res = await db.execute<{ day: string; from: string | number; till: string | number }>(
    sql`select to_char((${t} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
      extract(epoch from ((${t} at time zone ${timeZone})::date::timestamp at time zone ${timeZone}))::bigint as from,
      extract(epoch from (((${t} at time zone ${timeZone})::date + 1)::timestamp at time zone ${timeZone}))::bigint as till`,
  );
  const row = (res as unknown as { rows: { day: string; from: string | number; till: string | number }[] }).rows[0]!;
  return { day: row.day, from: new Date(Number(row.from) * 1000), till: new Date(Number(row.till) * 1000) };
}

/** One appointment of a centre, locked for a change, with what the rules need. */
export async function findForChange(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await db
    .select({
      id: appointments.id,
      customer_id: appointments.customer_id,
      status: appointments.status,
      checked_in: appointments.checked_in,
      payment_class_id: appointments.payment_class_id,
      classification_checked_by: appointments.classification_checked_by,
      res_detected: appointments.res_detected,
      res_date: appointments.res_date,
      service_test_v: services.service_test_v,
      date: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'YYYY-MM-DD')`,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.service_id))
    .innerJoin(centres, eq(centres.id, appointments.staff_id))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.staff_id, staffId)))
    .for('update', { of: appointments });
  return row;
}

/**
 * The check-in in one statement, so one round trip and no explicit
 * transaction: lock the row, set or clear the checked-in bit of checked_in (the
 * form bits stay) and write the audit row only when the value
 * changed. Check-ins are the most frequent write of a centre's day. Undefined
 * when the appointment is not the centre's or belongs to another customer.
 */
export async function checkIn(
  db: DbOrTx,
  c: { staffId: number; appointmentId: number; customerId: number; checkedIn: boolean; userId: number },
) {
  const bit = CHECKED_IN.checkedIn;
  const target = c.checkedIn ? sql`old.checked_in | ${bit}` : sql`old.checked_in & ~${bit}::int`;
  const stamp = sql`${now().toISOString()}::timestamptz`;
  const res = await db.execute(sql`
    with old as (
      select id, checked_in from ${appointments}
      where id = ${c.appointmentId} and staff_id = ${c.staffId} and customer_id = ${c.customerId}
      for update
    ), changed as (
      update ${appointments} a set checked_in = ${target}, updated_at = ${stamp}
      from old where a.id = old.id and a.checked_in <> ${target}
      returning a.id, old.checked_in as before, a.checked_in as after
    ), audited as (
      insert into ${auditLog} (staff_id, user_id, entity, entity_id, action, before, after, created_at)
      select ${c.staffId}, ${c.userId}, 'appointment', changed.id::text, 'check_in',
        jsonb_build_object('checked_in', changed.before), jsonb_build_object('checked_in', changed.after), ${stamp}
      from changed
    )
    select coalesce((select after from changed), old.checked_in) as value from old`);
  const row = (res as unknown as { rows: { value: number }[] }).rows[0];
  return row ? Number(row.value) : undefined;
}

/**
 * Updates one appointment of a centre; true when it did. With an audit entry,
 * the audit row is written by the same statement (one round trip instead of
 * two). `unless` adds a condition: the row is only changed while it still
 * holds what the caller read (a change without a transaction and lock).
 */
export async function updateAppointment(
  db: DbOrTx,
  staffId: number,
  appointmentId: number,
  set: Partial<typeof appointments.$inferInsert>,
  audit?: Omit<AuditEntry, 'entity_id'>,
  unchanged?: SQL,
): Promise<boolean> {
  const update = db
    .update(appointments)
    .set({ ...set, updated_at: now() })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.staff_id, staffId), unchanged))
    .returning({ id: appointments.id });
  if (!audit) return (await update).length > 0;
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  const res = await db.execute(sql`
    with changed as (${update.getSQL()}), audited as (
      insert into ${auditLog} (staff_id, user_id, entity, entity_id, action, before, after)
      select ${audit.staff_id}, ${audit.user_id}, ${audit.entity}, changed.id::text, ${audit.action},
        ${json(audit.before)}::jsonb, ${json(audit.after)}::jsonb
      from changed
    )
    select count(*)::int as n from changed`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
}

const classificationRead = preparedPerDb((db) =>
  db
    .select({
      customer_id: appointments.customer_id,
      payment_class_id: appointments.payment_class_id,
      classification_checked_by: appointments.classification_checked_by,
      start_date: appointments.start_date,
      date: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'YYYY-MM-DD')`,
      classification: {
        id: paymentClassifications.id,
        active: paymentClassifications.active,
        active_from: paymentClassifications.active_from,
        active_till: paymentClassifications.active_till,
      },
    })
    .from(appointments)
    .innerJoin(centres, eq(centres.id, appointments.staff_id))
    .leftJoin(paymentClassifications, eq(paymentClassifications.id, sql.placeholder('classificationId')))
    .where(
      and(eq(appointments.id, sql.placeholder('appointmentId')), eq(appointments.staff_id, sql.placeholder('staffId'))),
    )
    .prepare('classification_read'),
);

/**
 * What a payment classification change needs, in one read without a lock:
 * the appointment, its day in the centre's time zone and the requested
 * classification (null when there is none with that id). Prepared: it runs
 * on every classification change.
 */
export async function findForClassification(
  db: Db,
  staffId: number,
  appointmentId: number,
  classificationId: number | null,
) {
  const [row] = await classificationRead(db).execute({
    staffId,
    appointmentId,
    classificationId: classificationId ?? -1,
  });
  return row;
}

/** The condition that the classification fields and the date are still what was read. */
export const classificationUnchanged = (a: {
  payment_class_id: number | null;
  classification_checked_by: string | null;
  start_date: Date;
}) =>
  and(
    sql`${appointments.payment_class_id} is not distinct from ${a.payment_class_id}`,
    sql`${appointments.classification_checked_by} is not distinct from ${a.classification_checked_by}`,
    eq(appointments.start_date, a.start_date),
  );

export async function listClassifications(db: DbOrTx) {
  return db.select().from(paymentClassifications).orderBy(asc(paymentClassifications.id));
}

export async function appointmentInstitutionIds(db: DbOrTx, appointmentId: number) {
  const rows = await db
    .select({ id: appointmentInstitutions.institution_id })
    .from(appointmentInstitutions)
    .where(eq(appointmentInstitutions.appointment_id, appointmentId))
    .orderBy(asc(appointmentInstitutions.institution_id));
  return rows.map((r) => r.id);
}

/** Those of the given institution ids that belong to the centre. */
export async function ownInstitutionIds(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.staff_id, staffId), inArray(institutions.id, ids)));
  return rows.map((r) => r.id);
}

export async function addInstitutions(db: DbOrTx, staffId: number, appointmentId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .insert(appointmentInstitutions)
    .values(ids.map((id) => ({ staff_id: staffId, appointment_id: appointmentId, institution_id: id })))
    .onConflictDoNothing();
}

export async function removeInstitutions(db: DbOrTx, appointmentId: number, ids?: number[]) {
  await db
    .delete(appointmentInstitutions)
    .where(
      and(
        eq(appointmentInstitutions.appointment_id, appointmentId),
        ids ? inArray(appointmentInstitutions.institution_id, ids) : undefined,
      ),
    );
}
