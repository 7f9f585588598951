import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/platform';

export interface AuditEntry {
  staff_id: number | null;
  user_id: number | null;
  entity: string;
  entity_id: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

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
