import type { AuditEntry } from '@tz/shared/audit/audit.contract';
import { auditChange, auditWhat } from '@tz/shared/rules/audit-text';
import { useAppointmentOptions, usePaymentClassifications } from '../appointments/use-appointments';

/** The German words of audit rows on screen, with the labels of classifications and the centre's services. */
export function useAuditText(staffId: number) {
  const classes = usePaymentClassifications(staffId);
  const options = useAppointmentOptions(staffId);
  const classLabels = new Map((classes.data ?? []).map((c) => [c.id, c.label]));
  const serviceTitles = new Map((options.data?.services ?? []).map((s) => [s.id, s.title]));
  return {
    what: (r: AuditEntry) => auditWhat(r),
    change: (r: AuditEntry) => auditChange(r, { classLabels, serviceTitles }),
    who: (r: AuditEntry) => r.user_name ?? 'System / Kunde',
  };
}
