import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';

/**
 * The monthly TestV billing overview (beyond the spec; docs/exports.md "Billing
 * overview" says how each figure is derived): per month of the test day, the
 * performed tests by legal basis (payment classification) and test type,
 * split into self-payers, free tests, tests with the customer's own
 * contribution and tests without legal basis, with the amounts charged.
 */

/** The most months one overview covers. */
export const BILLING_MAX_MONTHS = 12;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().max(7, MSG.billingMonthFormat).regex(MONTH, MSG.billingMonthFormat);

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
/** Months from `from` to `to`, both included: 1 for the same month, 0 or less when `to` is earlier. */
export const monthsBetween = (from: string, to: string) => monthIndex(to) - monthIndex(from) + 1;

/**
 * Why a range of two valid months is refused (null: fine), one reason each:
 * `to` before `from`, or more than BILLING_MAX_MONTHS months.
 */
export function billingRangeRefusal(from: string, to: string): string | null {
  const months = monthsBetween(from, to);
  if (months < 1) return MSG.billingMonthsReversed;
  return months > BILLING_MAX_MONTHS ? MSG.billingMonthsRange : null;
}

export const billingQuerySchema = z.object({ from: month, to: month }).superRefine((q, ctx) => {
  // An invalid month has its own message at its field; a range of it means nothing.
  if (!MONTH.test(q.from) || !MONTH.test(q.to)) return;
  const refusal = billingRangeRefusal(q.from, q.to);
  if (refusal) ctx.addIssue({ code: 'custom', path: ['to'], message: refusal });
});
export type BillingQuery = z.infer<typeof billingQuerySchema>;

/** Test counts and amounts of one group of tests. Amounts in cents. */
export const billingFiguresSchema = z.object({
  tests: z.number().int(),
  self_payer: z.number().int(),
  free: z.number().int(),
  contribution: z.number().int(),
  none: z.number().int(),
  /** What the customers were charged (appointment prices) for all tests of the group. */
  amount_cents: z.number().int(),
  /** Of which self-payers paid. */
  self_payer_cents: z.number().int(),
  /** Of which customers paid as their own contribution to a TestV test. */
  contribution_cents: z.number().int(),
});
export type BillingFigures = z.infer<typeof billingFiguresSchema>;

export const billingRowSchema = billingFiguresSchema.extend({
  /** The payment classification's id and label; null: none chosen. */
  legal_basis_id: z.number().int().nullable(),
  legal_basis: z.string(),
  test_type_id: z.number().int().nullable(),
  test_type: z.string(),
  /** Billable under the TestV (a paid legal basis): what goes into the claim to the KV. */
  chargeable: z.boolean(),
});
export type BillingRow = z.infer<typeof billingRowSchema>;

export const billingMonthSchema = z.object({
  /** 'YYYY-MM' of the test day in the centre's time zone. */
  month: z.string(),
  rows: z.array(billingRowSchema),
  totals: billingFiguresSchema,
  /** Tests billable under the TestV in this month. */
  chargeable_tests: z.number().int(),
});
export type BillingMonth = z.infer<typeof billingMonthSchema>;

export const billingOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  centre: z.string(),
  months: z.array(billingMonthSchema),
  totals: billingFiguresSchema,
  chargeable_tests: z.number().int(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

const params = z.object({ staffId: z.coerce.number().int().positive().max(2147483647) });

export const getBillingOverview = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/exports/billing',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Abrechnungsübersicht nach TestV je Monat (Rechtsgrundlage, Testart, Selbstzahler/kostenlos, Beträge)',
  params,
  query: billingQuerySchema,
  response: billingOverviewSchema,
});

export const downloadBillingCsv = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/exports/billing/csv',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Abrechnungsübersicht als CSV (deutsches Excel)',
  params,
  query: billingQuerySchema,
  response: z.any().describe('text/csv'),
});

export const downloadBillingPdf = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/exports/billing/pdf',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Abrechnungsübersicht als druckbares PDF',
  params,
  query: billingQuerySchema,
  response: z.any().describe('application/pdf'),
});
