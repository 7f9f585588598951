import { SELF_PAYER_CLASSIFICATION_ID } from '@tz/shared/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface BillingGroup {
  month: string;
  payment_class_id: number | null;
  test_type: number | null;
  tests: number;
  self_payer: number;
  free: number;
  contribution: number;
  none: number;
  amount_cents: number;
  self_payer_cents: number;
  contribution_cents: number;
}

/**
 * Performed tests of a centre per month of the test day (centre's zone),
 * legal basis and test type, split by who pays — the same categories as
 * paymentCategory in packages/shared/src/rules/payment-category.ts: performed
 * = approved, no blocked slot, a result date; self-payer = classification
 * 'Selbstzahler', or none and a price; free = another classification and
 * price 0; contribution = another classification and a price; none = no
 * classification and price 0.
 */
export async function billingGroups(
  db: DbOrTx,
  staffId: number,
  from: Date,
  till: Date,
  zone: string,
): Promise<BillingGroup[]> {
  const selfPayer = SELF_PAYER_CLASSIFICATION_ID;
  const paid = sql`a.price > 0`;
  const isSelfPayer = sql`(a.payment_class_id = ${selfPayer} or (a.payment_class_id is null and ${paid}))`;
  const isTestV = sql`(a.payment_class_id is not null and a.payment_class_id <> ${selfPayer})`;
  const res = await db.execute(sql`
    select to_char(a.start_date at time zone ${zone}, 'YYYY-MM') as month, a.payment_class_id, s.test_type,
      count(*)::int as tests,
      count(*) filter (where ${isSelfPayer})::int as self_payer,
      count(*) filter (where ${isTestV} and not ${paid})::int as free,
      count(*) filter (where ${isTestV} and ${paid})::int as contribution,
      count(*) filter (where a.payment_class_id is null and not ${paid})::int as none,
      coalesce(sum(a.price), 0)::bigint as amount_cents,
      coalesce(sum(a.price) filter (where ${isSelfPayer}), 0)::bigint as self_payer_cents,
      coalesce(sum(a.price) filter (where ${isTestV} and ${paid}), 0)::bigint as contribution_cents
    from appointments a
    join services s on s.id = a.service_id
    where a.staff_id = ${staffId} and a.start_date >= ${from.toISOString()}::timestamptz
      and a.start_date < ${till.toISOString()}::timestamptz
      and a.status = 'approved' and not a.should_block_slot and a.res_date is not null
    group by 1, 2, 3
    order by 1, 2 nulls last, 3 nulls last`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    month: String(r.month),
    payment_class_id: r.payment_class_id === null ? null : Number(r.payment_class_id),
    test_type: r.test_type === null ? null : Number(r.test_type),
    tests: Number(r.tests),
    self_payer: Number(r.self_payer),
    free: Number(r.free),
    contribution: Number(r.contribution),
    none: Number(r.none),
    amount_cents: Number(r.amount_cents),
    self_payer_cents: Number(r.self_payer_cents),
    contribution_cents: Number(r.contribution_cents),
  }));
}
