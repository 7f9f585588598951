import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import type {
  DailyExportBody,
  ExportList,
  ExportListQuery,
  ExportQueueEntry,
  ExportRequest,
  VaccinationExportBody,
} from '@tz/shared/exports/exports.contract';
import { joinMessages } from '@tz/shared/http/field-errors';
import { exportsDispatched, MSG } from '@tz/shared/messages';
import { checkExportRange, exportDateTimeOf, exportInstant, previousMonthRange } from '@tz/shared/rules/export-range';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { cellContext, testChunks, vaccinationChunks } from './export-content';
import { storedFile } from './export-files';
import { processExportQueue } from './export-worker';
import * as repo from './exports.repository';

/**
 * Rows per round trip of the downloads streamed to the browser: the
 * appointments CSV's 500, which keeps the server's memory a bounded sawtooth
 * (docs/performance.md, change 17).
 */
const DOWNLOAD_BATCH = 500;
/** A centre may have this many exports waiting at once. */
export const MAX_WAITING_PER_CENTRE = 20;
/** The admin's dispatch answers after at most this long; what is left stays for the worker. */
export const DISPATCH_BUDGET_MS = 60_000;

const TYPE_IN_FILE_NAME = { positive: 'positiv', negative: 'negativ', chargeable: 'abrechenbar', all: 'alle' } as const;

async function centreOrThrow(db: DbOrTx, staffId: number) {
  const centre = await repo.findCentre(db, staffId);
  if (!centre) throw AppError.notFound();
  return centre;
}

/** The day (YYYY-MM-DD, centre's zone) an interval starts on: the date in the file name. */
const dayOf = (unixSeconds: number, zone: string) => dateInZone(unixSeconds * 1000, zone);
/** An inclusive end in unix seconds as the exclusive instant after its last second. */
const after = (unixSeconds: number) => new Date((unixSeconds + 1) * 1000);

/** The immediate export: the appointments of at most 25 hours of one type, streamed as CSV. */
export async function dailyCsv(deps: AppDeps, staffId: number, body: DailyExportBody) {
  const centre = await centreOrThrow(deps.db, staffId);
  const ctx = await cellContext(deps.db, centre.time_zone);
  const q = {
    staffId,
    from: new Date(body.interval.start * 1000),
    till: after(body.interval.end),
    zone: centre.time_zone,
    selection: body.type,
  };
  return {
    chunks: testChunks(deps.db, q, ctx, DOWNLOAD_BATCH),
    filename: `sofortexport_${dayOf(body.interval.start, centre.time_zone)}_${TYPE_IN_FILE_NAME[body.type]}_${staffId}.csv`,
  };
}

/** The vaccination centre's export: the vaccinations of at most 24 hours, streamed as CSV. */
export async function vaccinationCsv(deps: AppDeps, staffId: number, body: VaccinationExportBody) {
  const centre = await centreOrThrow(deps.db, staffId);
  if (centre.type !== VACCINATION_CENTRE_TYPE) throw AppError.rule(MSG.vaccinationExportOnly, 'NOT_VACCINATION_CENTRE');
  const ctx = await cellContext(deps.db, centre.time_zone);
  const q = { staffId, from: new Date(body.start_date * 1000), till: after(body.end_date), zone: centre.time_zone };
  return {
    chunks: vaccinationChunks(deps.db, q, ctx, DOWNLOAD_BATCH),
    filename: `impfexport_${dayOf(body.start_date, centre.time_zone)}_${staffId}.csv`,
  };
}

function toEntry(e: repo.ExportEntry, zone: string): ExportQueueEntry {
  return {
    id: e.id,
    created_at: e.created_at.toISOString(),
    export_from: exportDateTimeOf(e.export_from, zone),
    export_to: exportDateTimeOf(e.export_to, zone),
    bucket_filename: e.bucket_filename,
    done: e.done === 1 ? 1 : 0,
    failed: e.failed,
    rows: e.rows,
  };
}

/**
 * A monthly export request: the range in the centre's wall clock (default the
 * previous month; at most today, at most five years back, by the server's
 * clock in the centre's zone) becomes a queue entry. The same range still
 * waiting is answered with that entry instead of a second one.
 */
export async function requestExport(deps: AppDeps, auth: AuthContext, staffId: number, body: ExportRequest) {
  return deps.db.transaction(async (tx) => {
    // One request of a centre at a time: a double click finds the first one's entry.
    await tx.execute(sql`select id from centres where id = ${staffId} for update`);
    const centre = await centreOrThrow(tx, staffId);
    const today = dateInZone(now(), centre.time_zone);
    const fallback = previousMonthRange(today);
    const range = { from: body.from ?? fallback.from, to: body.to ?? fallback.to };
    const problems = checkExportRange(range, today);
    if (problems.length > 0) {
      throw AppError.rule(joinMessages(problems.map((p) => p.message)), 'EXPORT_RANGE', problems);
    }
    const from = exportInstant(range.from, centre.time_zone);
    const to = exportInstant(range.to, centre.time_zone);
    const same = await repo.findWaitingSame(tx, staffId, from, to);
    if (same) return { ...toEntry(same, centre.time_zone), message: MSG.exportRequested };
    if ((await repo.countWaiting(tx, staffId)) >= MAX_WAITING_PER_CENTRE) {
      throw AppError.rule(MSG.exportQueueFull, 'EXPORT_QUEUE_FULL');
    }
    const entry = await repo.insertEntry(tx, {
      staff_id: staffId,
      requested_by: auth.userId,
      export_from: from,
      export_to: to,
    });
    return { ...toEntry(entry, centre.time_zone), message: MSG.exportRequested };
  });
}

/** A page of the centre's requested exports, newest first. */
export async function listExports(deps: AppDeps, staffId: number, q: ExportListQuery): Promise<ExportList> {
  const centre = await centreOrThrow(deps.db, staffId);
  const [entries, total] = await Promise.all([
    repo.listEntries(deps.db, staffId, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
    repo.countEntries(deps.db, staffId),
  ]);
  return { items: entries.map((e) => toEntry(e, centre.time_zone)), total };
}

/** A produced export of the centre as a stream, with the name it is saved under. */
export async function exportFile(deps: AppDeps, staffId: number, exportId: number) {
  const centre = await centreOrThrow(deps.db, staffId);
  const entry = await repo.findEntry(deps.db, staffId, exportId);
  if (!entry) throw AppError.notFound(MSG.exportNotFound, 'EXPORT_NOT_FOUND');
  if (entry.done !== 1 || !entry.bucket_filename) throw AppError.conflict(MSG.exportNotReady, 'EXPORT_NOT_READY');
  const file = storedFile(deps.config, staffId, entry.bucket_filename);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw AppError.notFound(MSG.exportFileMissing, 'EXPORT_FILE_MISSING');
  const day = (d: Date) => dateInZone(d, centre.time_zone);
  return {
    stream: createReadStream(file),
    size,
    filename: `monatsexport_${day(entry.export_from)}_${day(entry.export_to)}_${staffId}.csv`,
  };
}

export const queueStatus = (deps: AppDeps) => repo.queueStatus(deps.db, now());

/**
 * The admin's dispatch: given-up entries get another chance, then due exports
 * are produced now, one after the other, for at most DISPATCH_BUDGET_MS.
 */
export async function dispatch(deps: AppDeps) {
  await repo.retryFailed(deps.db, now());
  const { produced, failed } = await processExportQueue(deps, { budgetMs: DISPATCH_BUDGET_MS });
  const status = await repo.queueStatus(deps.db, now());
  return {
    dispatched: produced,
    failed,
    remaining: status.queued + status.running,
    message: exportsDispatched(produced),
  };
}
