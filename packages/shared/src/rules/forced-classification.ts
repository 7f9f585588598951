/** The appointment fields the forced-classification lock looks at. */
export interface ResultLockInput {
  /** The centre setting force_payment_classification. */
  forcePaymentClassification: boolean;
  service_test_v: number | null;
  payment_class_id: number | null;
  res_date: string | Date | null;
}

/**
 * Result entry is locked when the centre forces a payment classification and
 * the appointment is a TestV service (service_test_v = 1) without a
 * classification above 1 and without a result date yet (core-workflow §2).
 */
export function isResultLocked(a: ResultLockInput): boolean {
  return (
    a.forcePaymentClassification &&
    a.service_test_v === 1 &&
    !(a.payment_class_id != null && a.payment_class_id > 1) &&
    a.res_date == null
  );
}
