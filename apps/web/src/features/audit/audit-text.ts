import type { AuditEntry } from '@tz/shared/audit/audit.contract';

/**
 * The German words of audit rows on screen: the server sends them with each row
 * (it knows the names the stored ids point at, and the CSV carries the same).
 */
export const auditText = {
  what: (r: AuditEntry) => r.what,
  change: (r: AuditEntry) => r.change,
  who: (r: AuditEntry) => r.user_name ?? 'System / Kunde',
};
