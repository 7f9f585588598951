import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { appointments } from '../../db/schema/appointments';
import { customers } from '../../db/schema/customers';
import { services } from '../../db/schema/services';
import { selectList, shapedSql } from '../../db/shaped-sql';
import { appointmentRows } from './appointments.repository';

export async function oneAppointmentRow(db: DbOrTx, staffId: number, appointmentId: number, customerId: number) {
  const [row] = await appointmentRows(
    db,
    and(
      eq(appointments.staff_id, staffId),
      eq(appointments.id, appointmentId),
      eq(appointments.customer_id, customerId),
    )!,
    [asc(appointments.id)],
  );
  return row;
}

/** The row's version: when it last changed. */
export async function appointmentVersion(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await db
    .select({ updated_at: appointments.updated_at })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.staff_id, staffId)));
  return row?.updated_at.toISOString();
}

export async function customerAppointmentRows(db: DbOrTx, staffId: number, customerId: number) {
  return appointmentRows(
    db,
    and(
      eq(appointments.staff_id, staffId),
      eq(appointments.customer_id, customerId),
      eq(appointments.should_block_slot, false),
    )!,
    [desc(appointments.start_date), desc(appointments.id)],
  );
}

/** Upcoming approved visits whose service is inactive (blocked slots follow their appointment). */
export async function disabledAppointmentRows(db: DbOrTx, staffId: number, from: Date) {
  return appointmentRows(
    db,
    and(
      eq(appointments.staff_id, staffId),
      gte(appointments.start_date, from),
      eq(appointments.status, 'approved'),
      eq(appointments.should_block_slot, false),
      eq(services.active, false),
    )!,
    [asc(appointments.start_date), asc(appointments.id)],
  );
}

/** The appointment with what an update needs, locked. */
export async function findAppointmentForUpdate(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await db
    .select({
      id: appointments.id,
      customer_id: appointments.customer_id,
      service_id: appointments.service_id,
      start_date: appointments.start_date,
      end_date: appointments.end_date,
      status: appointments.status,
      notes: appointments.notes,
      series_id: appointments.series_id,
      should_block_slot: appointments.should_block_slot,
      updated_at: appointments.updated_at,
    })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.staff_id, staffId)))
    .for('update');
  return row;
}

/** The visits (not the blocked slots) of one series, locked when read inside an update. */
export async function seriesVisits(db: DbOrTx, staffId: number, seriesId: string, lock = false) {
  const q = db
    .select({ id: appointments.id, start_date: appointments.start_date, status: appointments.status })
    .from(appointments)
    .where(
      and(
        eq(appointments.staff_id, staffId),
        eq(appointments.series_id, seriesId),
        eq(appointments.should_block_slot, false),
      ),
    )
    .orderBy(asc(appointments.start_date), asc(appointments.id));
  return lock ? q.for('update') : q;
}

export async function blockedIdsOfSeries(db: DbOrTx, staffId: number, seriesId: string) {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.staff_id, staffId),
        eq(appointments.series_id, seriesId),
        eq(appointments.should_block_slot, true),
      ),
    );
  return rows.map((r) => r.id);
}

export async function cancelAppointments(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(appointments)
    .set({ status: 'cancelled', updated_at: now() })
    .where(and(eq(appointments.staff_id, staffId), inArray(appointments.id, ids)));
}

export async function deleteAppointments(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(appointments).where(and(eq(appointments.staff_id, staffId), inArray(appointments.id, ids)));
}

export type NewAppointmentRow = typeof appointments.$inferInsert;

export async function insertAppointments(db: DbOrTx, rows: NewAppointmentRow[]) {
  return db
    .insert(appointments)
    .values(rows)
    .returning({ id: appointments.id, blocked: appointments.should_block_slot });
}

/** Rows per statement of the side-by-side insert (arrays bound as parameters: no parameter limit applies). */
const SIDE_BY_SIDE_BATCH = 10_000;

/**
 * One appointment per customer at one start (a group's bulk booking): one
 * `insert … select from unnest(arrays)` per 10,000 rows, as the group import
 * inserts its customers; a row-by-row VALUES list cost ten times more for
 * 10,000 members. Each row gets its own token and series. Answers the ids in
 * the order of `customerIds`.
 */
export async function insertSideBySideRows(
  db: DbOrTx,
  common: { staff_id: number; service_id: number; start_date: Date; end_date: Date; price: number },
  customerIds: number[],
  newId: () => string,
): Promise<number[]> {
  const ids: number[] = [];
  const at = now().toISOString();
  for (let i = 0; i < customerIds.length; i += SIDE_BY_SIDE_BATCH) {
    const batch = customerIds.slice(i, i + SIDE_BY_SIDE_BATCH);
    const res = await db.execute(sql`
      insert into ${appointments} (staff_id, service_id, source, start_date, end_date, price, customer_id, token,
        series_id, created_at, updated_at)
      select ${common.staff_id}::int, ${common.service_id}::int, 'staff', ${common.start_date.toISOString()}::timestamptz,
        ${common.end_date.toISOString()}::timestamptz, ${common.price}::int, u.customer_id, u.token, u.series_id,
        ${at}::timestamptz, ${at}::timestamptz
      from unnest(${sql.param(batch)}::int[], ${sql.param(batch.map(() => newId()))}::text[], ${sql.param(batch.map(() => newId()))}::text[])
        with ordinality as u(customer_id, token, series_id, n)
      order by u.n
      returning id`);
    ids.push(...rowsOf<{ id: number }>(res).map((r) => Number(r.id)));
  }
  return ids;
}

export async function updateAppointmentRow(
  db: DbOrTx,
  staffId: number,
  appointmentId: number,
  set: Partial<NewAppointmentRow>,
) {
  await db
    .update(appointments)
    .set({ ...set, updated_at: now() })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.staff_id, staffId)));
}

const serviceColumns = {
  id: services.id,
  active: services.active,
  price: services.price,
  duration: services.duration,
  slot_length: services.slot_length,
  capacity_max: services.capacity_max,
};

const serviceOfCentre = shapedSql<{ staffId: number; serviceId: number }>({
  shape: () => 'one',
  values: (a) => a,
  build: () =>
    sql`select ${selectList(serviceColumns)} from ${services}
      where ${services.id} = ${sql.placeholder('serviceId')} and ${services.staff_id} = ${sql.placeholder('staffId')}`,
});

/** Prepared once (shapedSql): the booking page's free times ask it with every call. */
export async function findServiceOfCentre(db: DbOrTx, staffId: number, serviceId: number) {
  const [row] = await serviceOfCentre.rows<Pick<typeof services.$inferSelect, keyof typeof serviceColumns>>(db, {
    staffId,
    serviceId,
  });
  return row;
}

export async function customerExists(db: DbOrTx, staffId: number, customerId: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.staff_id, staffId)));
  return !!row;
}

/** The appointments of the centre among the ids, with their series. */
export async function appointmentsOfCentre(db: DbOrTx, staffId: number, ids: number[]) {
  return db
    .select({
      id: appointments.id,
      service_id: appointments.service_id,
      start_date: appointments.start_date,
      series_id: appointments.series_id,
    })
    .from(appointments)
    .where(and(eq(appointments.staff_id, staffId), inArray(appointments.id, ids)))
    .for('update');
}

/** Sets the service (with its price and duration) of appointments, and of the blocked slots of their series. */
export async function setService(
  db: DbOrTx,
  staffId: number,
  appointmentId: number,
  seriesId: string | null,
  service: { id: number; price: number; duration: number },
) {
  await db
    .update(appointments)
    .set({
      service_id: service.id,
      price: service.price,
      end_date: sql`${appointments.start_date} + make_interval(secs => ${service.duration})`,
      updated_at: now(),
    })
    .where(and(eq(appointments.staff_id, staffId), eq(appointments.id, appointmentId)));
  if (seriesId) {
    await db
      .update(appointments)
      .set({ service_id: service.id, updated_at: now() })
      .where(
        and(
          eq(appointments.staff_id, staffId),
          eq(appointments.series_id, seriesId),
          eq(appointments.should_block_slot, true),
        ),
      );
  }
}
