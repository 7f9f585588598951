import type { AuditEvent } from '@tz/shared/rules/audit-actions';
import { AUDIT_KINDS, type AuditKind } from '@tz/shared/rules/audit-text';
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { auditLog } from '../../db/schema/platform';
import { services } from '../../db/schema/services';
import { users } from '../../db/schema/users';

/** One audit row to write: only the catalogue's (entity, action) pairs, each of which has its German sentence. */
export type AuditEntry = AuditEvent & {
  staff_id: number | null;
  user_id: number | null;
  entity_id: string | number;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeAudit(db: DbOrTx, e: AuditEntry) {
  await db.insert(auditLog).values({
    staff_id: e.staff_id,
    user_id: e.user_id,
    entity: e.entity,
    entity_id: String(e.entity_id),
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

export interface AuditFilter {
  /** One centre, or all (platform). */
  staffId?: number;
  /** Instants: from included, till excluded. */
  from?: Date;
  till?: Date;
  userId?: number;
  kind?: AuditKind;
  /** Digits of the appointment number: the shown last 6 or the whole number. */
  appointment?: string;
}

/**
 * The appointment an audit row is about, looked up by its primary key: comparing `appointments.id::text` with
 * the row's entity_id instead read every appointment of the database for each page (14 s on 1,000,000).
 */
const appointmentOfRow = sql`${appointments.id} = case when ${auditLog.entity} = 'appointment'
  and ${auditLog.entity_id} ~ '^[0-9]{1,9}$' then ${auditLog.entity_id}::int end`;

const entryColumns = {
  id: auditLog.id,
  staff_id: auditLog.staff_id,
  centre_name: centres.full_name,
  user_id: auditLog.user_id,
  user_name: users.name,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
  created_at: sql<string>`to_char(${auditLog.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  customer_appointment_id: appointments.customer_appointment_id,
  customer_id: appointments.customer_id,
};

function kindCondition(kind: AuditKind): SQL | undefined {
  const k = AUDIT_KINDS.find((x) => x.id === kind);
  if (!k) return undefined;
  return and(
    inArray(auditLog.entity, [...k.entities]),
    'actions' in k ? inArray(auditLog.action, [...k.actions]) : undefined,
    'notActions' in k ? notInArray(auditLog.action, [...k.notActions]) : undefined,
  );
}

function conditions(f: AuditFilter) {
  const n = f.appointment?.replace(/\D/g, '');
  return and(
    f.staffId !== undefined ? eq(auditLog.staff_id, f.staffId) : undefined,
    f.from ? gte(auditLog.created_at, f.from) : undefined,
    f.till ? lt(auditLog.created_at, f.till) : undefined,
    f.userId !== undefined ? eq(auditLog.user_id, f.userId) : undefined,
    f.kind ? kindCondition(f.kind) : undefined,
    n
      ? n.length >= 6
        ? sql`${appointments.customer_appointment_id}::text like ${`%${n}`}`
        : eq(appointments.customer_appointment_id, Number(n))
      : undefined,
  );
}

const base = (db: DbOrTx) =>
  db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .leftJoin(centres, eq(centres.id, auditLog.staff_id))
    .leftJoin(appointments, appointmentOfRow);

/** One page of the audit list, newest first, with the number of all matching rows. */
export async function listAuditPage(db: DbOrTx, f: AuditFilter, page: number, pageSize: number) {
  const where = conditions(f);
  const [rows, [count]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(auditLog)
      .leftJoin(appointments, appointmentOfRow)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Keyset pages for the CSV file: rows with an id below `beforeId`, newest first. */
export async function auditBatch(db: DbOrTx, f: AuditFilter, beforeId: number | undefined, limit: number) {
  return base(db)
    .where(and(conditions(f), beforeId !== undefined ? lt(auditLog.id, beforeId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** The history of one appointment of a centre, newest first. */
export async function appointmentAudit(db: DbOrTx, staffId: number, appointmentId: number) {
  return base(db)
    .where(
      and(
        eq(auditLog.staff_id, staffId),
        eq(auditLog.entity, 'appointment'),
        eq(auditLog.entity_id, String(appointmentId)),
      ),
    )
    .orderBy(desc(auditLog.id));
}

export async function centreTimeZone(db: DbOrTx, staffId: number) {
  const [row] = await db.select({ tz: centres.time_zone }).from(centres).where(eq(centres.id, staffId));
  return row?.tz;
}

/** Service titles by id, of one centre or of all (the CSV names services, not their ids). */
export async function serviceTitles(db: DbOrTx, staffId: number | undefined) {
  const rows = await db
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(staffId !== undefined ? eq(services.staff_id, staffId) : undefined);
  return new Map(rows.map((r) => [r.id, r.title]));
}
