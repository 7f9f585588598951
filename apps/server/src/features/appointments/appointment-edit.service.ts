import { randomUUID } from 'node:crypto';
import type {
  AppointmentDetail,
  AppointmentUpdate,
  AppointmentWithCustomer,
  NewAppointment,
} from '@tz/shared/appointments/appointment-edit.contract';
import { bookingRefusalMessage, MSG } from '@tz/shared/messages';
import { normaliseTime, splitStartDate } from '@tz/shared/rules/appointment-time';
import { checkBooking } from '@tz/shared/rules/booking-check';
import { wallClockOf, zonedInstant } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { createCustomerRow } from '../customers/customers.service';
import { dayInput } from '../schedule/free-slots.service';
import * as scheduleRepo from '../schedule/schedule.repository';
import * as repo from './appointment-edit.repository';
import { centreLabIds, todayBounds } from './appointments.repository';
import { planRow, rowOf } from './series-row';

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
 * The booking rule (decision record 004): the first appointment of a row must
 * start on a slot of the service inside the opening hours (special days,
 * holidays, breaks, not in the past); every appointment of the row needs a
 * free place for itself and for each blocked slot, the further ones also past
 * closing time (spec §5). `overbook` skips the rule: staff must ask for it
 * explicitly. The refusal names the reason.
 */
async function assertBookable(
  db: DbOrTx,
  staffId: number,
  service: Service,
  date: string,
  time: string,
  plan: {
    count: number;
    blocked: number;
    /** Appointments side by side at the start (a group's bulk booking); default 1. */
    persons?: number;
    overbook: boolean;
    exceptIds: number[];
    field: 'time' | 'start_date' | 'sSelectedDateTime';
  },
  now: Date,
) {
  if (plan.overbook) return;
  // The same lock as the booking page's: the check and the insert that follows are one step for
  // everyone booking at this centre, so staff and customers cannot both take the last place.
  await scheduleRepo.lockCentreSlots(db, staffId);
  const timeZone = await scheduleRepo.centreTimeZone(db, staffId);
  const input = await dayInput(db, staffId, service, date, timeZone, plan.exceptIds);
  const refusal = checkBooking({
    ...input,
    time,
    count: plan.count,
    blocked: plan.blocked,
    persons: plan.persons,
    now: wallClockOf(now, timeZone),
  });
  // The request's time field: the form marks it.
  if (refusal) throw AppError.field(422, plan.field, bookingRefusalMessage(refusal, date), 'SLOT_NOT_FREE', refusal);
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
async function insertSeries(
  tx: DbOrTx,
  auth: AuthContext,
  staffId: number,
  customerId: number,
  body: NewAppointment,
  now: Date,
) {
  if (body.staff_id !== staffId) throw AppError.forbidden();
  const service = await serviceOfCentre(tx, staffId, body.service_id, true);
  const time = normaliseTime(body.time);
  await assertBookable(
    tx,
    staffId,
    service,
    body.date,
    time,
    {
      count: body.number_of_new_appointments,
      blocked: body.number_of_blocked_slots,
      overbook: body.overbook,
      exceptIds: [],
      field: 'time',
    },
    now,
  );
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

/**
 * One appointment for each of many customers at the same start (a group's
 * bulk booking), inside the caller's transaction: the same service check and
 * booking rule as a single appointment, needing one place per customer.
 * Answers the new appointments' ids in the order of `customerIds`.
 */
export async function insertSideBySide(
  tx: DbOrTx,
  auth: AuthContext,
  staffId: number,
  customerIds: number[],
  input: { service_id: number; date: string; time: string; overbook: boolean },
  now: Date,
) {
  const service = await serviceOfCentre(tx, staffId, input.service_id, true);
  await assertBookable(
    tx,
    staffId,
    service,
    input.date,
    input.time,
    {
      count: 1,
      blocked: 0,
      persons: customerIds.length,
      overbook: input.overbook,
      exceptIds: [],
      field: 'sSelectedDateTime',
    },
    now,
  );
  const timeZone = await scheduleRepo.centreTimeZone(tx, staffId);
  const start = zonedInstant(input.date, input.time, timeZone);
  // The rows seriesRows would make (one visit each, its own token and series), inserted in bulk.
  const ids = await repo.insertSideBySideRows(
    tx,
    {
      staff_id: staffId,
      service_id: service.id,
      start_date: start,
      end_date: new Date(start.getTime() + service.duration * 1000),
      price: service.price,
    },
    customerIds,
    randomUUID,
  );
  await writeAudit(tx, {
    staff_id: staffId,
    user_id: auth.userId,
    entity: 'appointment',
    entity_id: ids[0]!,
    action: 'create',
    after: { ids, overbook: input.overbook, side_by_side: ids.length },
  });
  return ids;
}

export async function createForCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  customerId: number,
  body: NewAppointment,
  now: Date = clockNow(),
) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.customerExists(tx, staffId, customerId))) throw AppError.notFound(MSG.customerNotOfCentre);
    return insertSeries(tx, auth, staffId, customerId, body, now);
  });
}

/** Customer and appointment in one transaction: both or neither. */
export async function createWithCustomer(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  body: AppointmentWithCustomer,
  now: Date = clockNow(),
) {
  return deps.db.transaction(async (tx) => {
    if (body.staff_id !== staffId) throw AppError.forbidden();
    const { customer, warning } = await createCustomerRow(tx, staffId, body);
    const created = await insertSeries(tx, auth, staffId, customer.id, body, now);
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
  // One after the other: `db` is the update's transaction when it answers the saved appointment.
  const labs = await centreLabIds(db, staffId);
  const visits = row.series_id ? await repo.seriesVisits(db, staffId, row.series_id) : [];
  const blocked = row.series_id ? await repo.blockedIdsOfSeries(db, staffId, row.series_id) : [];
  const version = await repo.appointmentVersion(db, staffId, appointmentId);
  const self = visits.find((v) => v.id === appointmentId);
  return {
    ...row,
    updated_at: version ?? '',
    pcr_labs: labs,
    number_of_new_appointments: self ? rowOf(visits, self).count : 1,
    number_of_blocked_slots: blocked.length,
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
 * The edit form saves the whole appointment. On the first appointment of a
 * row (see series-row.ts) it also edits the row: the further appointments
 * follow its start and service, a higher number of appointments in a row
 * books more after the last one, a lower number cancels the last ones, and
 * the blocked slots are replaced by number_of_blocked_slots new ones over the
 * whole row, carrying the appointment's status. A later appointment of a row
 * can change its own service, status and notes only. All in one transaction.
 */
export async function update(
  deps: AppDeps,
  auth: AuthContext,
  staffId: number,
  appointmentId: number,
  body: AppointmentUpdate,
  now: Date = clockNow(),
) {
  const parts = splitStartDate(body.start_date)!;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findAppointmentForUpdate(tx, staffId, appointmentId);
    if (!before || before.customer_id !== body.customer_id || before.should_block_slot) {
      throw AppError.notFound(MSG.appointmentNotFound);
    }
    // Someone else (another tab, another server) saved since this edit started: refuse rather than overwrite.
    if (body.updated_at !== undefined && body.updated_at !== before.updated_at.toISOString()) {
      throw AppError.conflict(MSG.appointmentEditedMeanwhile, 'CHANGED_MEANWHILE');
    }
    const timeZone = await scheduleRepo.centreTimeZone(tx, staffId);
    const serviceChanged = before.service_id !== body.service_id;
    const service = await serviceOfCentre(tx, staffId, body.service_id, serviceChanged);
    const start = zonedInstant(parts.date, parts.time, timeZone);
    const visits = before.series_id ? await repo.seriesVisits(tx, staffId, before.series_id, true) : [];
    const row = rowOf(visits, before);
    const oldBlocked = before.series_id ? await repo.blockedIdsOfSeries(tx, staffId, before.series_id) : [];
    const count = body.number_of_new_appointments;
    const countChanged = count !== row.count;
    const blockedChanged = body.number_of_blocked_slots !== oldBlocked.length;
    const moved = start.getTime() !== before.start_date.getTime();
    const reapproved = body.status === 'approved' && before.status !== 'approved';

    if (!row.isHead) {
      if (countChanged || blockedChanged) throw AppError.rule(MSG.seriesCountOnlyFirst, 'SERIES_NOT_FIRST');
      if (moved) throw AppError.rule(MSG.seriesMoveOnlyFirst, 'SERIES_NOT_FIRST');
      if (body.status === 'approved' && (serviceChanged || reapproved)) {
        await assertBookable(
          tx,
          staffId,
          service,
          parts.date,
          parts.time,
          { count: 1, blocked: 0, overbook: body.overbook, exceptIds: [appointmentId], field: 'start_date' },
          now,
        );
      }
      await repo.updateAppointmentRow(tx, staffId, appointmentId, {
        service_id: service.id,
        end_date: new Date(start.getTime() + service.duration * 1000),
        status: body.status,
        notes: body.notes ?? null,
        ...(serviceChanged ? { price: service.price } : {}),
      });
      await auditUpdate(tx, auth, staffId, before, { start, service, body, created: [], cancelled: [] });
      return detail(tx, staffId, appointmentId, body.customer_id);
    }

    if (body.status === 'cancelled' && count > row.count) {
      throw AppError.rule(MSG.seriesGrowCancelled, 'SERIES_GROW_CANCELLED');
    }
    if (body.status === 'approved' && (moved || serviceChanged || countChanged || blockedChanged || reapproved)) {
      await assertBookable(
        tx,
        staffId,
        service,
        parts.date,
        parts.time,
        {
          count,
          blocked: body.number_of_blocked_slots,
          overbook: body.overbook,
          exceptIds: [appointmentId, ...row.followers.map((f) => f.id), ...oldBlocked],
          field: 'start_date',
        },
        now,
      );
    }
    const seriesId = before.series_id ?? randomUUID();
    const ms = service.duration * 1000;
    await repo.updateAppointmentRow(tx, staffId, appointmentId, {
      service_id: service.id,
      start_date: start,
      end_date: new Date(start.getTime() + ms),
      status: body.status,
      notes: body.notes ?? null,
      series_id: seriesId,
      ...(serviceChanged ? { price: service.price } : {}),
    });
    const plan = planRow(row.followers, start, ms, count);
    for (const f of plan.keep) {
      await repo.updateAppointmentRow(tx, staffId, f.id, {
        start_date: f.start_date,
        end_date: f.end_date,
        ...(serviceChanged ? { service_id: service.id, price: service.price } : {}),
      });
    }
    await repo.cancelAppointments(tx, staffId, plan.cancel);
    const created =
      plan.create.length === 0
        ? []
        : (
            await repo.insertAppointments(
              tx,
              plan.create.map((c) => ({
                staff_id: staffId,
                customer_id: body.customer_id,
                service_id: service.id,
                series_id: seriesId,
                source: 'staff',
                token: randomUUID(),
                start_date: c.start_date,
                end_date: c.end_date,
                price: service.price,
                notes: body.notes ?? null,
              })),
            )
          ).map((r) => r.id);
    await repo.deleteAppointments(tx, staffId, oldBlocked);
    if (body.number_of_blocked_slots > 0) {
      const blocks = seriesRows(staffId, body.customer_id, service, start, {
        count,
        blocked: body.number_of_blocked_slots,
        seriesId,
      }).filter((r) => r.should_block_slot);
      await repo.insertAppointments(
        tx,
        blocks.map((b) => ({ ...b, status: body.status })),
      );
    }
    await auditUpdate(tx, auth, staffId, before, { start, service, body, created, cancelled: plan.cancel });
    return detail(tx, staffId, appointmentId, body.customer_id);
  });
}

/** The audit rows of an edit: the status change, each cancelled follower, and the edit itself. */
async function auditUpdate(
  tx: DbOrTx,
  auth: AuthContext,
  staffId: number,
  before: NonNullable<Awaited<ReturnType<typeof repo.findAppointmentForUpdate>>>,
  after: { start: Date; service: Service; body: AppointmentUpdate; created: number[]; cancelled: number[] },
) {
  const entry = { staff_id: staffId, user_id: auth.userId, entity: 'appointment' as const };
  if (before.status !== after.body.status) {
    await writeAudit(tx, {
      ...entry,
      entity_id: before.id,
      action: 'status',
      before: { status: before.status },
      after: { status: after.body.status },
    });
  }
  for (const id of after.cancelled) {
    await writeAudit(tx, {
      ...entry,
      entity_id: id,
      action: 'status',
      before: { status: 'approved' },
      after: { status: 'cancelled', reason: 'series_shortened' },
    });
  }
  await writeAudit(tx, {
    ...entry,
    entity_id: before.id,
    action: 'update',
    before: { start_date: before.start_date, service_id: before.service_id, notes: before.notes },
    after: {
      start_date: after.start,
      service_id: after.service.id,
      notes: after.body.notes ?? null,
      count: after.body.number_of_new_appointments,
      blocked: after.body.number_of_blocked_slots,
      created: after.created,
      cancelled: after.cancelled,
    },
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
