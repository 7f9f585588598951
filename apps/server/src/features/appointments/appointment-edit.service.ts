import { randomUUID } from 'node:crypto';
import type {
  AppointmentDetail,
  AppointmentUpdate,
  AppointmentWithCustomer,
  NewAppointment,
} from '@tz/shared/appointments/appointment-edit.contract';
import { MSG } from '@tz/shared/messages';
import { normaliseTime, splitStartDate, wallClockOf, zonedInstant } from '@tz/shared/rules/appointment-time';
import { dateInZone } from '@tz/shared/rules/centre-date';
import { freeSlots } from '@tz/shared/rules/free-slots';
import type { AppDeps } from '../../app';
import type { AuthContext } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { createCustomerRow } from '../customers/customers.service';
import * as scheduleRepo from '../schedule/schedule.repository';
import { occupationsOfDay } from '../schedule/schedule.repository';
import { scheduleItems } from '../schedule/schedule.service';
import * as repo from './appointment-edit.repository';
import { centreLabIds, todayBounds } from './appointments.repository';

type Service = NonNullable<Awaited<ReturnType<typeof repo.findServiceOfCentre>>>;

/** The service of a request; `field` is its path in the request body (refusals name it). */
async function serviceOfCentre(
  db: DbOrTx,
  staffId: number,
  serviceId: number,
  mustBeActive: boolean,
  field = 'service_id',
) {
  const service = await repo.findServiceOfCentre(db, staffId, serviceId);
  if (!service) throw AppError.field(400, field, MSG.serviceNotOfCentre, 'BAD_REQUEST');
  if (mustBeActive && !service.active) throw AppError.field(422, field, MSG.serviceInactive, 'SERVICE_INACTIVE');
  return service;
}

/**
 * The booking rule (decision record 004): the first appointment of a request
 * must start on a free slot of the service (opening hours, special days,
 * holidays, capacity, not in the past). A single appointment with blocked
 * slots needs a place for itself and each blocked slot. With more than one
 * appointment in a row the further appointments and the blocking run on
 * regardless of opening hours (spec §5). `overbook` skips the rule: staff must
 * ask for it explicitly.
 */
async function assertBookable(
  db: DbOrTx,
  staffId: number,
  service: Service,
  date: string,
  time: string,
  plan: { count: number; blocked: number; overbook: boolean; exceptIds: number[]; field: 'time' | 'start_date' },
) {
  if (plan.overbook) return;
  const timeZone = await scheduleRepo.centreTimeZone(db, staffId);
  const today = dateInZone(new Date(), timeZone);
  // the request's time field: the form marks it
  const refuse = () => AppError.field(422, plan.field, MSG.slotNotFree, 'SLOT_NOT_FREE');
  if (date < today) throw refuse();
  const [weekly, specialDays, holidays, occupations] = await Promise.all([
    scheduleItems(db, staffId),
    scheduleRepo.listSpecialDays(db, staffId, date),
    scheduleRepo.listHolidays(db, staffId, date),
    occupationsOfDay(db, staffId, service.id, date, timeZone, plan.exceptIds),
  ]);
  const slots = freeSlots({
    date,
    weekly,
    specialDays,
    holidays: holidays.map((h) => h.date),
    slotLength: service.slot_length,
    duration: service.duration,
    capacity: service.capacity_max,
    appointments: occupations.filter((o) => !o.blocked),
    blockedSlots: occupations.filter((o) => o.blocked).map((o) => ({ ...o, persons: 1 })),
    notBefore: date === today ? wallClockOf(new Date(), timeZone).time : undefined,
  });
  const slot = slots.find((s) => s.start_time === time);
  const needed = plan.count === 1 ? 1 + plan.blocked : 1;
  if (!slot || slot.free < needed) throw refuse();
}

/**
 * The rows of one request: `count` appointments one after the other, and
 * `blocked` blocked slots, each covering the whole range (duration × count).
 * All share one series_id.
 */
function seriesRows(
  staffId: number,
  customerId: number,
  service: Service,
  start: Date,
  input: { count: number; blocked: number; notes?: string | null; seriesId: string },
): repo.NewAppointmentRow[] {
  const ms = service.duration * 1000;
  const base = {
    staff_id: staffId,
    customer_id: customerId,
    service_id: service.id,
    series_id: input.seriesId,
    source: 'staff',
  };
  const visits = Array.from({ length: input.count }, (_, i) => ({
    ...base,
    token: randomUUID(),
    start_date: new Date(start.getTime() + i * ms),
    end_date: new Date(start.getTime() + (i + 1) * ms),
    price: service.price,
    notes: input.notes ?? null,
  }));
  const blocks = Array.from({ length: input.blocked }, () => ({
    ...base,
    token: randomUUID(),
    start_date: start,
    end_date: new Date(start.getTime() + input.count * ms),
    price: 0,
    should_block_slot: true,
  }));
  return [...visits, ...blocks];
}

/** Creates a series inside the caller's transaction; answers the ids. */
async function insertSeries(tx: DbOrTx, auth: AuthContext, staffId: number, customerId: number, body: NewAppointment) {
  if (body.staff_id !== staffId) throw AppError.forbidden();
  const service = await serviceOfCentre(tx, staffId, body.service_id, true);
  const time = normaliseTime(body.time);
  await assertBookable(tx, staffId, service, body.date, time, {
    count: body.number_of_new_appointments,
    blocked: body.number_of_blocked_slots,
    overbook: body.overbook,
    exceptIds: [],
    field: 'time',
  });
  const timeZone = await scheduleRepo.centreTimeZone(tx, staffId);
  const rows = seriesRows(staffId, customerId, service, zonedInstant(body.date, time, timeZone), {
    count: body.number_of_new_appointments,
    blocked: body.number_of_blocked_slots,
    notes: body.notes,
    seriesId: randomUUID(),
  });
  const inserted = await repo.insertAppointments(tx, rows);
  const ids = inserted.filter((r) => !r.blocked).map((r) => r.id);
  const blockedIds = inserted.filter((r) => r.blocked).map((r) => r.id);
  await writeAudit(tx, {
    staff_id: staffId,
    user_id: auth.userId,
    entity: 'appointment',
    entity_id: ids[0]!,
    action: 'create',
    after: { ids, blocked_ids: blockedIds, overbook: body.overbook },
  });
  return { id: ids[0]!, ids, blocked_ids: blockedIds };
}

export async function createForCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  customerId: number,
  body: NewAppointment,
) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.customerExists(tx, staffId, customerId))) throw AppError.notFound(MSG.customerNotOfCentre);
    return insertSeries(tx, auth, staffId, customerId, body);
  });
}

/** Customer and appointment in one transaction: both or neither. */
export async function createWithCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  body: AppointmentWithCustomer,
) {
  return deps.db.transaction(async (tx) => {
    if (body.staff_id !== staffId) throw AppError.forbidden();
    const { customer, warning } = await createCustomerRow(tx, staffId, body);
    const created = await insertSeries(tx, auth, staffId, customer.id, body);
    return { appointment_id: created.id, customer_id: customer.id, error: null, message: warning };
  });
}

export async function getOne(deps: AppDeps, staffId: number, appointmentId: number, customerId: number) {
  return detail(deps.db, staffId, appointmentId, customerId);
}

async function detail(
  db: DbOrTx,
  staffId: number,
  appointmentId: number,
  customerId: number,
): Promise<AppointmentDetail> {
  const row = await repo.oneAppointmentRow(db, staffId, appointmentId, customerId);
  if (!row) throw AppError.notFound(MSG.appointmentNotFound);
  const [labs, series] = await Promise.all([
    centreLabIds(db, staffId),
    row.series_id ? repo.seriesCounts(db, staffId, row.series_id) : undefined,
  ]);
  return {
    ...row,
    pcr_labs: labs,
    number_of_new_appointments: Math.max(1, series?.appointments ?? 1),
    number_of_blocked_slots: series?.blocked ?? 0,
  };
}

export async function listForCustomer(deps: AppDeps, staffId: number, customerId: number) {
  if (!(await repo.customerExists(deps.db, staffId, customerId))) throw AppError.notFound(MSG.customerNotOfCentre);
  const [rows, labs] = await Promise.all([
    repo.customerAppointmentRows(deps.db, staffId, customerId),
    centreLabIds(deps.db, staffId),
  ]);
  return rows.map((r) => ({ ...r, pcr_labs: labs }));
}

/**
 * The edit form saves the whole appointment. The series' blocked slots are
 * replaced by number_of_blocked_slots new ones over duration ×
 * number_of_new_appointments and follow the appointment's status; the other
 * appointments of a series stay as they are.
 */
export async function update(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: AppointmentUpdate,
) {
  const parts = splitStartDate(body.start_date)!;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findAppointmentForUpdate(tx, staffId, appointmentId);
    if (!before || before.customer_id !== body.customer_id || before.should_block_slot) {
      throw AppError.notFound(MSG.appointmentNotFound);
    }
    const timeZone = await scheduleRepo.centreTimeZone(tx, staffId);
    const serviceChanged = before.service_id !== body.service_id;
    const service = await serviceOfCentre(tx, staffId, body.service_id, serviceChanged);
    const start = zonedInstant(parts.date, parts.time, timeZone);
    const oldBlocked = before.series_id ? await repo.blockedIdsOfSeries(tx, staffId, before.series_id) : [];
    const oldCounts = before.series_id
      ? await repo.seriesCounts(tx, staffId, before.series_id)
      : { appointments: 1, blocked: 0 };
    const seriesChanged =
      oldBlocked.length !== body.number_of_blocked_slots ||
      Math.max(1, oldCounts.appointments) !== body.number_of_new_appointments;
    const moved = start.getTime() !== before.start_date.getTime();
    if (body.status === 'approved' && (moved || serviceChanged || seriesChanged || before.status !== 'approved')) {
      await assertBookable(tx, staffId, service, parts.date, parts.time, {
        count: body.number_of_new_appointments,
        blocked: body.number_of_blocked_slots,
        overbook: body.overbook,
        exceptIds: [appointmentId, ...oldBlocked],
        field: 'start_date',
      });
    }
    const seriesId = before.series_id ?? randomUUID();
    await repo.updateAppointmentRow(tx, staffId, appointmentId, {
      service_id: service.id,
      start_date: start,
      end_date: new Date(start.getTime() + service.duration * 1000),
      status: body.status,
      notes: body.notes ?? null,
      series_id: seriesId,
      ...(serviceChanged ? { price: service.price } : {}),
    });
    await repo.deleteAppointments(tx, staffId, oldBlocked);
    if (body.number_of_blocked_slots > 0) {
      const blocks = seriesRows(staffId, body.customer_id, service, start, {
        count: body.number_of_new_appointments,
        blocked: body.number_of_blocked_slots,
        seriesId,
      }).filter((r) => r.should_block_slot);
      await repo.insertAppointments(
        tx,
        blocks.map((b) => ({ ...b, status: body.status })),
      );
    }
    if (before.status !== body.status) {
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'appointment',
        entity_id: appointmentId,
        action: 'status',
        before: { status: before.status },
        after: { status: body.status },
      });
    }
    await writeAudit(tx, {
      staff_id: staffId,
      user_id: auth.userId,
      entity: 'appointment',
      entity_id: appointmentId,
      action: 'update',
      before: { start_date: before.start_date, service_id: before.service_id, notes: before.notes },
      after: {
        start_date: start,
        service_id: service.id,
        notes: body.notes ?? null,
        blocked: body.number_of_blocked_slots,
      },
    });
    return detail(tx, staffId, appointmentId, body.customer_id);
  });
}

export async function disabled(deps: AppDeps, staffId: number) {
  const timeZone = await scheduleRepo.centreTimeZone(deps.db, staffId);
  const today = await todayBounds(deps.db, timeZone);
  const [rows, labs] = await Promise.all([
    repo.disabledAppointmentRows(deps.db, staffId, today.from),
    centreLabIds(deps.db, staffId),
  ]);
  return rows.map((r) => ({ ...r, pcr_labs: labs }));
}

/** Rebooks many appointments at once, all or nothing. Target services must be the centre's and active. */
export async function bulkService(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  body: { staff_id: number; appointments: Record<string, number> },
) {
  if (body.staff_id !== staffId) throw AppError.forbidden();
  const entries = Object.entries(body.appointments).map(([id, serviceId]) => [Number(id), serviceId] as const);
  return deps.db.transaction(async (tx) => {
    const found = await repo.appointmentsOfCentre(
      tx,
      staffId,
      entries.map(([id]) => id),
    );
    if (found.length !== entries.length) throw AppError.notFound(MSG.appointmentNotFound);
    const byId = new Map(found.map((a) => [a.id, a]));
    const services = new Map<number, Service>();
    for (const [id, serviceId] of entries) {
      let service = services.get(serviceId);
      if (!service) {
        service = await serviceOfCentre(tx, staffId, serviceId, true, `appointments.${id}`);
        services.set(serviceId, service);
      }
      const a = byId.get(id)!;
      await repo.setService(tx, staffId, id, a.series_id, service);
      await writeAudit(tx, {
        staff_id: staffId,
        user_id: auth.userId,
        entity: 'appointment',
        entity_id: id,
        action: 'service',
        before: { service_id: a.service_id },
        after: { service_id: serviceId },
      });
    }
    return { message: MSG.productsUpdated, updated: entries.length };
  });
}
