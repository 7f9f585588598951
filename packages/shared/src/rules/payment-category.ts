/**
 * Who pays for a test, from the data of one appointment (docs/exports.md):
 * - chargeable ("abrechenbar"): billed under the TestV — a performed test
 *   (result date set) of an approved visit (not cancelled, not a blocked slot)
 *   whose payment classification names a paid legal basis, i.e. any
 *   classification except 'Selbstzahler' (SELF_PAYER_CLASSIFICATION_ID).
 * - the payment category splits performed tests for the billing overview:
 *   self-payer (classification 'Selbstzahler', or none and a price), free under
 *   the TestV (a paid legal basis and price 0), TestV with the customer's own
 *   contribution (a paid legal basis and a price, e.g. 3 € under § 4a), and
 *   without legal basis (no classification, price 0: cannot be billed).
 * The server's SQL (exports repository) says the same; its API tests compare.
 */
import { SELF_PAYER_CLASSIFICATION_ID } from '../constants';

export interface PaymentFacts {
  status: string;
  should_block_slot: boolean;
  /** The result date (ISO) or null: a test counts as performed once it has one. */
  res_date: string | null;
  payment_class_id: number | null;
  /** Cents the customer is charged. */
  price: number;
}

export const isPerformedVisit = (a: PaymentFacts): boolean =>
  a.status === 'approved' && !a.should_block_slot && a.res_date !== null;

export const isChargeable = (a: PaymentFacts): boolean =>
  isPerformedVisit(a) && a.payment_class_id !== null && a.payment_class_id !== SELF_PAYER_CLASSIFICATION_ID;

export const PAYMENT_CATEGORIES = ['self_payer', 'free', 'contribution', 'none'] as const;
export type PaymentCategory = (typeof PAYMENT_CATEGORIES)[number];

export const PAYMENT_CATEGORY_LABELS: Record<PaymentCategory, string> = {
  self_payer: 'Selbstzahler',
  free: 'kostenlos (TestV)',
  contribution: 'TestV mit Eigenbeteiligung',
  none: 'ohne Rechtsgrundlage',
};

export function paymentCategory(a: Pick<PaymentFacts, 'payment_class_id' | 'price'>): PaymentCategory {
  if (a.payment_class_id === SELF_PAYER_CLASSIFICATION_ID) return 'self_payer';
  if (a.payment_class_id !== null) return a.price > 0 ? 'contribution' : 'free';
  return a.price > 0 ? 'self_payer' : 'none';
}
