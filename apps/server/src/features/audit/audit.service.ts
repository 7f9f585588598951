import { AUDIT_PAGE_SIZE, type AuditEntry, type auditQuerySchema } from '@tz/shared/audit/audit.contract';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { type AuditTextContext, auditChange, auditWhat } from '@tz/shared/rules/audit-text';
import { germanDateTimeFormatter } from '@tz/shared/rules/german-date';
import { addDays, zonedInstant } from '@tz/shared/rules/time-zone';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { type CsvColumn, csvChunks, csvTable } from '../appointments/appointments.csv';
import * as repo from './audit.repository';
import { auditLookups } from './audit-lookups';

type Query = z.infer<typeof auditQuerySchema> & { staff_id?: number };

/** Time zone of the platform-wide list (each centre's own for its list). */
const PLATFORM_ZONE = 'Europe/Berlin';
const CSV_BATCH = 1000;

async function filterOf(deps: AppDeps, q: Query, staffId: number | undefined): Promise<repo.AuditFilter> {
  let zone = PLATFORM_ZONE;
  if (staffId !== undefined) {
    const tz = await repo.centreTimeZone(deps.db, staffId);
    if (!tz) throw AppError.notFound(MSG.centreNotFound);
    zone = tz;
  }
  if (q.from && q.till && q.from > q.till) {
    throw AppError.field(400, 'till', 'Das Ende liegt vor dem Anfang.', 'VALIDATION');
  }
  return {
    staffId,
    from: q.from ? zonedInstant(q.from, '00:00', zone) : undefined,
    till: q.till ? zonedInstant(addDays(q.till, 1), '00:00', zone) : undefined,
    userId: q.user_id,
    kind: q.kind,
    appointment: q.appointment || undefined,
  };
}

type StoredEntry = Omit<AuditEntry, 'what' | 'change'>;

/**
 * The rows with their German words: the names their ids point at are looked up
 * once for all of them (in the centre's rows, or every centre's for the platform).
 */
async function withTexts(deps: AppDeps, rows: StoredEntry[], staffId: number | undefined, timeZone: string) {
  const ctx: AuditTextContext = { names: await auditLookups(deps.db, rows, staffId), timeZone };
  return rows.map((r) => ({ ...r, what: auditWhat(r), change: auditChange(r, ctx) }));
}

const zoneOf = async (deps: AppDeps, staffId: number | undefined) =>
  staffId !== undefined ? ((await repo.centreTimeZone(deps.db, staffId)) ?? PLATFORM_ZONE) : PLATFORM_ZONE;

/** `staffId` undefined: every centre (platform admin). */
export async function list(deps: AppDeps, staffId: number | undefined, q: Query) {
  const centre = staffId ?? q.staff_id;
  const filter = await filterOf(deps, q, centre);
  const { rows, total } = await repo.listAuditPage(deps.db, filter, q.page, AUDIT_PAGE_SIZE);
  const texts = await withTexts(deps, rows, centre, await zoneOf(deps, centre));
  return { rows: texts, total, page: q.page, page_size: AUDIT_PAGE_SIZE };
}

export async function forAppointment(deps: AppDeps, staffId: number, appointmentId: number) {
  const rows = await repo.appointmentAudit(deps.db, staffId, appointmentId);
  return withTexts(deps, rows, staffId, await zoneOf(deps, staffId));
}

const COLUMNS: CsvColumn<AuditEntry, { formatDateTime: (iso: string) => string }>[] = [
  ['Zeitpunkt', (r, c) => c.formatDateTime(r.created_at)],
  ['Zentrum', (r) => r.centre_name ?? ''],
  ['Benutzer', (r) => r.user_name ?? 'System / Kunde'],
  ['Was', (r) => r.what],
  ['Änderung', (r) => r.change],
  ['Termin-Nr.', (r) => displayCustomerAppointmentId(r.customer_appointment_id)],
];
const auditCsv = csvTable(COLUMNS);

/** All matching rows as a CSV file for German Excel (BOM, ';', CRLF), newest first, with the screen's words. */
export async function csv(deps: AppDeps, staffId: number | undefined, q: Query) {
  const centre = staffId ?? q.staff_id;
  const filter = await filterOf(deps, q, centre);
  const zone = await zoneOf(deps, centre);
  const ctx = { formatDateTime: germanDateTimeFormatter(zone) };
  const lines = csvChunks<AuditEntry, number>({
    headerLine: auditCsv.headerLine(),
    page: async (before) => withTexts(deps, await repo.auditBatch(deps.db, filter, before, CSV_BATCH), centre, zone),
    keyOf: (last) => last.id,
    batch: CSV_BATCH,
    format: (rows) => auditCsv.lines(rows, ctx),
  });
  return { lines, filename: `protokoll_${centre ?? 'alle'}.csv` };
}
