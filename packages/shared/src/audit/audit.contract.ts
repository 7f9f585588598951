import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { AUDIT_KIND_IDS } from '../rules/audit-text';

/**
 * The audit trail, readable (issue 21, beyond the spec): who changed what and
 * when, from which value to which. Read-only: no route changes or deletes an
 * audit row. The rows are turned into German words by rules/audit-text.ts.
 */

export const AUDIT_PAGE_SIZE = 50;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  /** The centre's name (the platform list shows it). */
  centre_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** Who: null for changes without a logged-in user (a customer on the booking page, the system). */
  user_name: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
  /** For rows about an appointment: its number and customer (the link to appointmentEdit). */
  customer_appointment_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  /** What happened and the change, in German words (rules/audit-text.ts, with the names the ids point at). */
  what: z.string(),
  change: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDay = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte ein Datum im Format JJJJ-MM-TT angeben');

export const auditQuerySchema = z.object({
  /** First and last day (both included) in the centre's time zone. */
  from: isoDay.optional(),
  till: isoDay.optional(),
  user_id: z.coerce.number().int().positive().optional(),
  kind: z.enum(AUDIT_KIND_IDS).optional(),
  /** The appointment number as shown (the last 6 digits) or in full. */
  appointment: z.string().trim().max(20).regex(/^\d*$/, 'Die Terminnummer besteht nur aus Ziffern').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** With `Accept: text/csv` the same call answers all matching rows as a CSV file (German headers, ';'). */
export const listAudit = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/audit',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Protokoll des Zentrums: wer hat wann was geändert (Accept: text/csv lädt eine CSV-Datei)',
  params: z.object({ staffId: z.coerce.number().int().positive() }),
  query: auditQuerySchema,
  response: auditPageSchema,
});

export const platformAuditQuerySchema = auditQuerySchema.extend({
  staff_id: z.coerce.number().int().positive().optional(),
});
export type PlatformAuditQuery = z.infer<typeof platformAuditQuerySchema>;

export const listPlatformAudit = endpoint({
  method: 'GET',
  path: '/api/platform/audit',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Protokoll aller Zentren (Plattform; Accept: text/csv lädt eine CSV-Datei)',
  query: platformAuditQuerySchema,
  response: auditPageSchema,
});

export const listAppointmentAudit = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/:appointmentId/audit',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Verlauf eines Termins, neueste Änderung zuerst',
  params: z.object({
    staffId: z.coerce.number().int().positive(),
    appointmentId: z.coerce.number().int().positive(),
  }),
  response: z.array(auditEntrySchema),
});
