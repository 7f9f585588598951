import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import type { VaccinationData } from '@tz/shared/forms/forms.contract';
import { MSG } from '@tz/shared/messages';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now } from '../../clock';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import * as repo from './forms.repository';
import * as vaccinationRepo from './vaccination.repository';

export async function vaccinationView(deps: AppDeps, staffId: number, token: string) {
  const appointment = await repo.findStaffAppointmentByToken(deps.db, staffId, token);
  if (!appointment) throw AppError.notFound(MSG.appointmentNotFound);
  const v = await vaccinationRepo.findVaccination(deps.db, staffId, appointment.id);
  return {
    token: appointment.token,
    customer_appointment_id: appointment.customer_appointment_id,
    first_name: appointment.first_name,
    last_name: appointment.last_name,
    birthday: appointment.birthday ?? null,
    service_title: appointment.service_title,
    vaccination_id: appointment.vaccination_id,
    vaccination: v
      ? { vaccine: v.vaccine, batch_number: v.batch_number, dose: v.dose, vaccination_date: v.vaccination_date }
      : null,
  };
}

/**
 * Saves vaccine, batch, dose and date and sets vaccination_id, so the
 * appointment counts as processed and vaccinated. Vaccination centres only.
 */
export async function saveVaccination(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  token: string,
  input: VaccinationData,
) {
  return deps.db.transaction(async (tx) => {
    const appointment = await repo.findStaffAppointmentByToken(tx, staffId, token);
    if (!appointment) throw AppError.notFound(MSG.appointmentNotFound);
    if (appointment.centre.type !== VACCINATION_CENTRE_TYPE) {
      throw AppError.rule(MSG.vaccinationOnlyInVaccinationCentre, 'NOT_VACCINATION_CENTRE');
    }
    if (input.vaccination_date > dateInZone(now(), appointment.centre.time_zone)) {
      throw AppError.badRequest(MSG.vaccinationDateInFuture, [
        { field: 'vaccination_date', message: MSG.vaccinationDateInFuture },
      ]);
    }
    const before = await vaccinationRepo.findVaccination(tx, staffId, appointment.id);
    const data = {
      vaccine: input.vaccine,
      batch_number: input.batch_number,
      dose: input.dose,
      vaccination_date: input.vaccination_date,
    };
    const id = await vaccinationRepo.upsertVaccination(tx, {
      ...data,
      staff_id: staffId,
      appointment_id: appointment.id,
      created_by: auth.userId,
    });
    await vaccinationRepo.setVaccinationId(tx, staffId, appointment.id, id);
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointment.id,
      action: 'vaccination_saved',
      before: before
        ? {
            vaccination_id: appointment.vaccination_id,
            vaccine: before.vaccine,
            batch_number: before.batch_number,
            dose: before.dose,
            vaccination_date: before.vaccination_date,
          }
        : { vaccination_id: appointment.vaccination_id },
      after: { vaccination_id: id, ...data },
    });
    return { message: MSG.saved, vaccination_id: id };
  });
}
