import type { Readable } from 'node:stream';
import type {
  Appointment,
  AppointmentListQuery,
  AppointmentPageAtQuery,
  AppointmentStatus,
} from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { AppointmentAuditAction } from '@tz/shared/rules/audit-actions';
import { isResultLocked } from '@tz/shared/rules/forced-classification';
import { germanDateTimeFormatter } from '@tz/shared/rules/german-date';
import { isInsideWindow, requiresCheckedBy } from '@tz/shared/rules/payment-classification';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import type { Database, DbOrTx } from '../../db/client';
import { jsonArrayStream } from '../../db/row-stream';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { mailResultLinkIfAgreed } from '../booking/booking-results.service';
import { csvChunks, csvHeaderLine, csvLines } from './appointments.csv';
import * as repo from './appointments.repository';

export async function list(deps: AppDeps, staffId: number, q: AppointmentListQuery): Promise<Appointment[]> {
  const [rows, labs] = await Promise.all([
    repo.listAppointments(deps.db, staffId, q),
    repo.centreLabIds(deps.db, staffId),
  ]);
  return rows.map((r) => ({ ...r, pcr_labs: labs }));
}

/** The list answer as JSON text, built by the database (see listJsonQuery). */
export const listJson = (deps: AppDeps, staffId: number, q: AppointmentListQuery) =>
  repo.listAppointmentsJson(deps.db, staffId, q);

/** Whether listAnswer streams the list row by row (repo.listRowJsonSql) rather than as one text (repo.listJsonSql). */
export const listStreamsRows = (kind: Database['kind'], q: AppointmentListQuery) =>
  kind === 'postgres' && !q.limit && !q.before;

/**
 * The list answer as the route sends it. The whole list (no page size) on PostgreSQL is streamed
 * row by row as the database builds the rows (a busy day is 1.4 MB: sent while the later rows are
 * still being built, and never one string in the server's memory); a page, and PGlite, as one text.
 */
export async function listAnswer(deps: AppDeps, staffId: number, q: AppointmentListQuery): Promise<Buffer | Readable> {
  if (listStreamsRows(deps.database.kind, q)) {
    return jsonArrayStream(deps.database.raw as pg.Pool, repo.listRowJsonSql(staffId, q));
  }
  // Encoded once here: sent as a string, it was scanned for its length and encoded again.
  return Buffer.from(await listJson(deps, staffId, q), 'utf8');
}

/**
 * The page of the list that contains `at` (the screen's 'now'), as JSON text
 * built by the database: up to `lead` rows before `at`, then the rows from
 * `at` on, `limit` in all; when fewer than that follow, more rows before fill
 * the page. `offset` is the number of rows the list orders before the page,
 * `has_more` whether rows follow it.
 * Count and rows are read in one snapshot, so they agree.
 */
export function listAtJson(deps: AppDeps, staffId: number, q: AppointmentPageAtQuery): Promise<string> {
  const { at, limit, lead, ...filters } = q;
  const instant = new Date(at);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const counted = await repo.countAround(tx, staffId, filters, instant);
    const { before, from } = pageAround(counted, limit, lead);
    const rows = await repo.rowsAroundJson(tx, staffId, filters, instant, { before, from });
    const hasMore = counted.total - counted.before > from;
    return `{"offset":${counted.before - before},"has_more":${hasMore},"rows":${rows}}`;
  });
}

/**
 * How many rows before and from `at` make the page around it: `lead` before
 * (fewer when the list has fewer), the rest from `at` on, and when the list
 * ends before the page is full, more before instead.
 */
export function pageAround(counted: { total: number; before: number }, limit: number, lead: number) {
  const after = counted.total - counted.before;
  const before = Math.min(counted.before, Math.max(lead, limit - after));
  return { before, from: Math.min(after, limit - before) };
}

export async function count(deps: AppDeps, staffId: number, q: AppointmentListQuery) {
  return { count: await repo.countAppointments(deps.db, staffId, q) };
}

/**
 * Rows per database round trip while the CSV streams (keyset pages, see csv()).
 * 500 rows are ≈ 100 kB of file: small enough that a page's rows die young.
 */
const CSV_BATCH = 500;

/**
 * The CSV of a list query, produced while it is sent: keyset pages of
 * CSV_BATCH rows with only the file's fields, so memory stays flat however
 * long the range is. Keyset pages, not a cursor, on both databases: a cursor
 * would hold a connection and a transaction for as long as the client takes
 * to download (and on PGlite the whole embedded database).
 */
export async function csv(deps: AppDeps, staffId: number, q: AppointmentListQuery, batch = CSV_BATCH) {
  const [classes, centre] = await Promise.all([repo.listClassifications(deps.db), centreOrThrow(deps.db, staffId)]);
  const ctx = {
    classLabels: new Map(classes.map((c) => [c.id, c.label])),
    formatDateTime: germanDateTimeFormatter(centre.time_zone),
  };
  const lines = csvChunks<repo.CsvRow, AppointmentListQuery['after']>({
    headerLine: csvHeaderLine(),
    page: (after) => repo.listCsvRows(deps.db, staffId, { ...q, limit: batch, after }),
    keyOf: (last) => ({ start_date: last.start_date, appointment_id: last.appointment_id }),
    batch,
    format: (rows) => csvLines(rows, ctx),
  });
  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  return { lines, filename: `termine_${staffId}_${day(q.startdate)}_${day(q.enddate)}.csv` };
}

async function centreOrThrow(db: DbOrTx, staffId: number) {
  const centre = await repo.findCentreSettings(db, staffId);
  if (!centre) throw AppError.notFound();
  return centre;
}

export async function todayFigures(deps: AppDeps, staffId: number) {
  const centre = await centreOrThrow(deps.db, staffId);
  const today = await repo.todayBounds(deps.db, centre.time_zone);
  const f = await repo.dayFigures(deps.db, staffId, today.from, today.till);
  return { date: today.day, ...f, open: Math.max(0, f.appointments - f.processed) };
}

export async function options(deps: AppDeps, staffId: number) {
  const centre = await centreOrThrow(deps.db, staffId);
  const today = await repo.todayBounds(deps.db, centre.time_zone);
  const [labs, services, inactive] = await Promise.all([
    repo.centreLabs(deps.db, staffId),
    repo.centreServices(deps.db, staffId),
    repo.countInactiveServiceAppointments(deps.db, staffId, today.from),
  ]);
  return {
    centre_type: centre.type,
    force_payment_classification: centre.force_payment_classification,
    pcr_labs: labs,
    services,
    inactive_service_appointments: inactive,
  };
}

export const classifications = (deps: AppDeps) => repo.listClassifications(deps.db);

/** Loads the appointment for a change; another centre's appointment or a wrong customer is "not found". */
async function loadForChange(tx: DbOrTx, staffId: number, appointmentId: number, customerId?: number) {
  const row = await repo.findForChange(tx, staffId, appointmentId);
  if (!row || (customerId !== undefined && row.customer_id !== customerId)) {
    throw AppError.notFound(MSG.appointmentNotFound, 'APPOINTMENT_NOT_FOUND');
  }
  return row;
}

/** A change of one appointment with its audit row, written together. */
const updateAudited = (
  tx: DbOrTx,
  auth: AuthContext,
  staffId: number,
  id: number,
  action: AppointmentAuditAction,
  set: Parameters<typeof repo.updateAppointment>[3],
  before: unknown,
  after: unknown,
  unchanged?: Parameters<typeof repo.updateAppointment>[5],
) =>
  repo.updateAppointment(
    tx,
    staffId,
    id,
    set,
    { staff_id: staffId, user_id: auth.userId, entity: 'appointment', action, before, after },
    unchanged,
  );

export async function setStatus(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: { id: number; customer_id: number; status: AppointmentStatus },
) {
  if (body.id !== appointmentId)
    throw AppError.badRequest(MSG.invalidInput, [{ field: 'id', message: 'passt nicht zur Adresse' }]);
  return deps.db.transaction(async (tx) => {
    const a = await loadForChange(tx, staffId, appointmentId, body.customer_id);
    if (a.status !== body.status) {
      const set = { status: body.status };
      await updateAudited(tx, auth, staffId, appointmentId, 'status', set, { status: a.status }, set);
    }
    return { message: MSG.statusUpdated, status: body.status };
  });
}

export async function checkIn(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: { customer_id: number; value: 0 | 1 },
) {
  const value = await repo.checkIn(deps.db, {
    staffId,
    appointmentId,
    customerId: body.customer_id,
    checkedIn: body.value === 1,
    userId: auth.userId,
  });
  if (value === undefined) throw AppError.notFound(MSG.appointmentNotFound, 'APPOINTMENT_NOT_FOUND');
  return { value };
}

/**
 * Without a transaction: one read, the rules, then one statement that changes
 * the row only if it still holds what was read (and writes the audit row).
 * If someone changed it in between, nothing is written and the caller is told.
 */
export async function setPaymentClassification(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: { customer_id: number; newClassification: number | null; checkedBy?: string | null },
) {
  const a = await repo.findForClassification(deps.db, staffId, appointmentId, body.newClassification);
  if (!a || a.customer_id !== body.customer_id) {
    throw AppError.notFound(MSG.appointmentNotFound, 'APPOINTMENT_NOT_FOUND');
  }
  let checkedBy: string | null = null;
  if (body.newClassification !== null) {
    const c = a.classification;
    if (!c) throw AppError.notFound(MSG.classificationNotFound, 'CLASSIFICATION_NOT_FOUND');
    if (!c.active) throw AppError.rule(MSG.classificationInactive, 'CLASSIFICATION_INACTIVE');
    if (!isInsideWindow(a.date, c.active_from, c.active_till)) {
      throw AppError.rule(MSG.classificationOutsideWindow, 'CLASSIFICATION_OUTSIDE_WINDOW');
    }
    if (requiresCheckedBy(c.id)) {
      checkedBy = body.checkedBy?.trim() || null;
      if (!checkedBy) throw AppError.rule(MSG.classificationCheckedByRequired, 'CHECKED_BY_REQUIRED');
    }
  }
  const before = { payment_class_id: a.payment_class_id, classification_checked_by: a.classification_checked_by };
  const after = { payment_class_id: body.newClassification, classification_checked_by: checkedBy };
  const changed = await updateAudited(
    deps.db,
    auth,
    staffId,
    appointmentId,
    'payment_classification',
    after,
    before,
    after,
    repo.classificationUnchanged(a),
  );
  if (!changed) throw AppError.conflict(MSG.appointmentChangedMeanwhile, 'CHANGED_MEANWHILE');
  return after;
}

export async function setResult(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: { customer_id: number; res_detected: 1 | 2 | 4; res_date?: string | null },
) {
  return deps.db.transaction(async (tx) => {
    const centre = await centreOrThrow(tx, staffId);
    const a = await loadForChange(tx, staffId, appointmentId, body.customer_id);
    if (centre.type === VACCINATION_CENTRE_TYPE) throw AppError.rule(MSG.resultNotForVaccination, 'NO_RESULTS_HERE');
    if ((await repo.centreLabIds(tx, staffId)).length === 0) throw AppError.rule(MSG.noPcrLab, 'NO_PCR_LAB');
    if (
      isResultLocked({
        forcePaymentClassification: centre.force_payment_classification,
        service_test_v: a.service_test_v,
        payment_class_id: a.payment_class_id,
        res_date: a.res_date,
      })
    ) {
      throw AppError.rule(MSG.forcedClassificationLock, 'CLASSIFICATION_REQUIRED');
    }
    const resDate = body.res_date ? new Date(body.res_date) : now();
    await updateAudited(
      tx,
      auth,
      staffId,
      appointmentId,
      'result',
      { res_detected: body.res_detected, res_date: resDate },
      { res_detected: a.res_detected, res_date: a.res_date?.toISOString() ?? null },
      { res_detected: body.res_detected, res_date: resDate.toISOString() },
    );
    await mailResultLinkIfAgreed(deps, tx, staffId, appointmentId, body.res_detected);
    return { res_detected: body.res_detected, res_date: resDate.toISOString() };
  });
}

type InstitutionChange =
  | { kind: 'add'; institutionId: number }
  | { kind: 'remove'; institutionId: number }
  | { kind: 'replace'; ids: number[]; customerId: number };

export async function changeInstitutions(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  change: InstitutionChange,
) {
  return deps.db.transaction(async (tx) => {
    await loadForChange(tx, staffId, appointmentId, change.kind === 'replace' ? change.customerId : undefined);
    const before = await repo.appointmentInstitutionIds(tx, appointmentId);
    if (change.kind === 'add') {
      if ((await repo.ownInstitutionIds(tx, staffId, [change.institutionId])).length === 0) {
        throw AppError.notFound(MSG.institutionNotFound, 'INSTITUTION_NOT_FOUND');
      }
      if (before.includes(change.institutionId))
        throw AppError.conflict(MSG.institutionAlreadyAssigned, 'ALREADY_ASSIGNED');
      await repo.addInstitutions(tx, staffId, appointmentId, [change.institutionId]);
    } else if (change.kind === 'remove') {
      if (!before.includes(change.institutionId)) throw AppError.notFound(MSG.institutionNotAssigned, 'NOT_ASSIGNED');
      await repo.removeInstitutions(tx, appointmentId, [change.institutionId]);
    } else {
      const wanted = [...new Set(change.ids)];
      const own = await repo.ownInstitutionIds(tx, staffId, wanted);
      if (own.length !== wanted.length) throw AppError.notFound(MSG.institutionNotFound, 'INSTITUTION_NOT_FOUND');
      await repo.removeInstitutions(tx, appointmentId);
      await repo.addInstitutions(tx, staffId, appointmentId, wanted);
    }
    const after = await repo.appointmentInstitutionIds(tx, appointmentId);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointmentId,
      action: `institutions_${change.kind}`,
      before: { aInstitutionIds: before },
      after: { aInstitutionIds: after },
    });
    return { aInstitutionIds: after };
  });
}
