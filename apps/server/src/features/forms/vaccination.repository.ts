import type { VaccinationData } from '@tz/shared/forms/forms.contract';
import { and, eq } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { vaccinations } from '../../db/schema/forms';

export async function findVaccination(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await db
    .select({
      id: vaccinations.id,
      vaccine: vaccinations.vaccine,
      batch_number: vaccinations.batch_number,
      dose: vaccinations.dose,
      vaccination_date: vaccinations.vaccination_date,
    })
    .from(vaccinations)
    .where(and(eq(vaccinations.staff_id, staffId), eq(vaccinations.appointment_id, appointmentId)));
  return row;
}

/** One vaccination record per appointment: saving again corrects it. */
export async function upsertVaccination(
  db: DbOrTx,
  v: VaccinationData & { staff_id: number; appointment_id: number; created_by: number },
) {
  const [row] = await db
    .insert(vaccinations)
    .values(v)
    .onConflictDoUpdate({
      target: vaccinations.appointment_id,
      set: {
        vaccine: v.vaccine,
        batch_number: v.batch_number,
        dose: v.dose,
        vaccination_date: v.vaccination_date,
        updated_at: now(),
      },
    })
    .returning({ id: vaccinations.id });
  return row!.id;
}

export async function setVaccinationId(db: DbOrTx, staffId: number, appointmentId: number, vaccinationId: number) {
  await db
    .update(appointments)
    .set({ vaccination_id: vaccinationId, updated_at: now() })
    .where(and(eq(appointments.staff_id, staffId), eq(appointments.id, appointmentId)));
}
