import type { Appointment, AppointmentOptions } from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { isResultLocked } from '@tz/shared/rules/forced-classification';

/**
 * Whether a row's result can be entered: not in a vaccination centre (no
 * results there), not while the centre has no PCR lab, not while forced
 * classification locks it; else open. The row's button and its key ('e')
 * both ask this.
 */
export type ResultAccess = 'none' | 'noLab' | 'locked' | 'open';

export function resultAccess(
  a: Pick<Appointment, 'service_test_v' | 'payment_class_id' | 'res_date'>,
  options: Pick<AppointmentOptions, 'centre_type' | 'pcr_labs' | 'force_payment_classification'>,
): ResultAccess {
  if (options.centre_type === VACCINATION_CENTRE_TYPE) return 'none';
  if (options.pcr_labs.length === 0) return 'noLab';
  const locked = isResultLocked({
    forcePaymentClassification: options.force_payment_classification,
    service_test_v: a.service_test_v,
    payment_class_id: a.payment_class_id,
    res_date: a.res_date,
  });
  return locked ? 'locked' : 'open';
}
