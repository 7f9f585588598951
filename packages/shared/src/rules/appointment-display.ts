/**
 * customer_appointment_id as shown: with 6 digits or more only the last 6
 * (core-workflow §3); shorter ids unchanged.
 */
export function displayCustomerAppointmentId(id: number | string | null | undefined): string {
  if (id == null) return '';
  const s = String(id);
  return s.length >= 6 ? s.slice(-6) : s;
}

/** Processed: a result date or a vaccination id (core-workflow §4). */
export const isProcessed = (a: { res_date: unknown; vaccination_id: number | null }) =>
  a.res_date != null || a.vaccination_id != null;

/** Vaccinated: a vaccination id. */
export const isVaccinated = (a: { vaccination_id: number | null }) => a.vaccination_id != null;
