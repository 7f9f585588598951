import { PCR_TEST_TYPES } from '@tz/shared/constants';
import type { PcrAppointment, PcrLab, PcrOrder } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { appointments } from '../../db/schema/appointments';
import { centrePcrLabs, centres, pcrLabs } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { mailOutbox } from '../../db/schema/mail';
import { pcrLabOrderLines, pcrLabOrders, pcrLabProducts } from '../../db/schema/pcr-labs';
import { services } from '../../db/schema/services';
import { users } from '../../db/schema/users';

export type LabFields = Pick<PcrLab, 'name' | 'email' | 'result_system' | 'result_button_label' | 'show_sidebar'>;

/** The centre's labs (through centre_pcr_labs), each with this centre's product catalogue. */
export async function labsOfCentre(db: DbOrTx, staffId: number, labId?: number): Promise<PcrLab[]> {
  const labs = await db
    .select({
      id: pcrLabs.id,
      name: pcrLabs.name,
      email: pcrLabs.email,
      result_system: pcrLabs.result_system,
      result_button_label: pcrLabs.result_button_label,
      show_sidebar: pcrLabs.show_sidebar,
      shared: sql<boolean>`exists (select 1 from centre_pcr_labs o
        where o.pcr_lab_id = ${pcrLabs.id} and o.staff_id <> ${staffId})`,
    })
    .from(centrePcrLabs)
    .innerJoin(pcrLabs, eq(pcrLabs.id, centrePcrLabs.pcr_lab_id))
    .where(
      and(eq(centrePcrLabs.staff_id, staffId), labId === undefined ? undefined : eq(centrePcrLabs.pcr_lab_id, labId)),
    )
    .orderBy(asc(pcrLabs.id));
  if (labs.length === 0) return [];
  const products = await db
    .select({
      id: pcrLabProducts.id,
      pcr_lab_id: pcrLabProducts.pcr_lab_id,
      name: pcrLabProducts.name,
      number: pcrLabProducts.number,
    })
    .from(pcrLabProducts)
    .where(
      and(
        eq(pcrLabProducts.staff_id, staffId),
        inArray(
          pcrLabProducts.pcr_lab_id,
          labs.map((l) => l.id),
        ),
      ),
    )
    .orderBy(asc(german(pcrLabProducts.name)), asc(pcrLabProducts.id));
  return labs.map((l) => ({
    ...l,
    shared: Boolean(l.shared),
    products: products.filter((p) => p.pcr_lab_id === l.id).map(({ pcr_lab_id: _, ...p }) => p),
  }));
}

export async function labOfCentre(db: DbOrTx, staffId: number, labId: number): Promise<PcrLab | undefined> {
  return (await labsOfCentre(db, staffId, labId))[0];
}

export async function insertLab(db: DbOrTx, staffId: number, fields: LabFields) {
  const [lab] = await db.insert(pcrLabs).values(fields).returning({ id: pcrLabs.id });
  await db.insert(centrePcrLabs).values({ staff_id: staffId, pcr_lab_id: lab!.id });
  return lab!.id;
}

export async function updateLab(db: DbOrTx, labId: number, fields: LabFields) {
  await db.update(pcrLabs).set(fields).where(eq(pcrLabs.id, labId));
}

/** Makes the centre's catalogue of a lab exactly `products`: kept by id, added without, the rest removed. */
export async function replaceProducts(
  db: DbOrTx,
  staffId: number,
  labId: number,
  products: { id?: number; name: string; number: string }[],
) {
  const of = and(eq(pcrLabProducts.staff_id, staffId), eq(pcrLabProducts.pcr_lab_id, labId));
  const keep = products.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  await db.delete(pcrLabProducts).where(keep.length ? and(of, notInArray(pcrLabProducts.id, keep)) : of);
  for (const p of products) {
    if (p.id === undefined) continue;
    await db
      .update(pcrLabProducts)
      .set({ name: p.name, number: p.number })
      .where(and(of, eq(pcrLabProducts.id, p.id)));
  }
  const added = products.filter((p) => p.id === undefined);
  if (added.length) {
    await db
      .insert(pcrLabProducts)
      .values(added.map((p) => ({ staff_id: staffId, pcr_lab_id: labId, name: p.name, number: p.number })));
  }
}

export async function productIdsOf(db: DbOrTx, staffId: number, labId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pcrLabProducts.id })
    .from(pcrLabProducts)
    .where(and(eq(pcrLabProducts.staff_id, staffId), eq(pcrLabProducts.pcr_lab_id, labId)));
  return rows.map((r) => r.id);
}

const selectedLab = alias(pcrLabs, 'selected_lab');

const PCR_FIELDS = {
  appointment_id: appointments.id,
  customer_id: appointments.customer_id,
  customer_appointment_id: appointments.customer_appointment_id,
  date: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'YYYY-MM-DD')`,
  time: sql<string>`to_char(${appointments.start_date} at time zone ${centres.time_zone}, 'HH24:MI')`,
  status: appointments.status,
  customer_firstname: customers.first_name,
  customer_lastname: customers.last_name,
  customer_birthday: customers.birthday,
  service_title: services.title,
  service_test_type: services.test_type,
  res_detected: appointments.res_detected,
  pcr_lab_id_selected: appointments.pcr_lab_id_selected,
  result_button_label: selectedLab.result_button_label,
};

function pcrQuery(db: DbOrTx) {
  return db
    .select(PCR_FIELDS)
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .innerJoin(centres, eq(centres.id, appointments.staff_id))
    .leftJoin(selectedLab, eq(selectedLab.id, appointments.pcr_lab_id_selected));
}

const toPcr = ({ service_test_type: _, ...r }: Awaited<ReturnType<typeof pcrQuery>>[number]): PcrAppointment => r;

/** PCR appointments (service test type PCR, no blocked slots) starting in [from, to). */
export async function pcrAppointments(db: DbOrTx, staffId: number, from: Date, to: Date) {
  const rows = await pcrQuery(db)
    .where(
      and(
        eq(appointments.staff_id, staffId),
        gte(appointments.start_date, from),
        lt(appointments.start_date, to),
        eq(appointments.should_block_slot, false),
        inArray(services.test_type, [...PCR_TEST_TYPES]),
      ),
    )
    .orderBy(asc(appointments.start_date), asc(appointments.id))
    .limit(2000);
  return rows.map(toPcr);
}

/** One appointment of the centre (any service), with whether it is a PCR appointment. */
export async function appointmentOfCentre(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await pcrQuery(db).where(
    and(
      eq(appointments.staff_id, staffId),
      eq(appointments.id, appointmentId),
      eq(appointments.should_block_slot, false),
    ),
  );
  if (!row) return undefined;
  return { ...toPcr(row), isPcr: row.service_test_type !== null && PCR_TEST_TYPES.includes(row.service_test_type) };
}

export async function setSelectedLab(db: DbOrTx, staffId: number, appointmentId: number, labId: number | null) {
  await db
    .update(appointments)
    .set({ pcr_lab_id_selected: labId, updated_at: sql`now()` })
    .where(and(eq(appointments.staff_id, staffId), eq(appointments.id, appointmentId)));
}

export async function productsByIds(db: DbOrTx, staffId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(pcrLabProducts)
    .where(and(eq(pcrLabProducts.staff_id, staffId), inArray(pcrLabProducts.id, ids)));
}

export async function insertOrder(
  db: DbOrTx,
  order: { staff_id: number; pcr_lab_id: number; user_id: number; email: string; mail_id: number },
  lines: { product_id: number; name: string; number: string; quantity: number }[],
) {
  const [row] = await db.insert(pcrLabOrders).values(order).returning({ id: pcrLabOrders.id });
  await db.insert(pcrLabOrderLines).values(lines.map((l) => ({ ...l, staff_id: order.staff_id, order_id: row!.id })));
  return row!.id;
}

const STATE: Record<string, PcrOrder['state']> = { sent: 'sent', failed: 'failed' };

/** The centre's orders, newest first (at most 200), with lines and the state of their mail. */
export async function ordersOfCentre(db: DbOrTx, staffId: number, orderId?: number): Promise<PcrOrder[]> {
  const orders = await db
    .select({
      id: pcrLabOrders.id,
      pcr_lab_id: pcrLabOrders.pcr_lab_id,
      lab_name: pcrLabs.name,
      email: pcrLabOrders.email,
      created_at: pcrLabOrders.created_at,
      created_by: users.name,
      mail_status: mailOutbox.status,
    })
    .from(pcrLabOrders)
    .innerJoin(pcrLabs, eq(pcrLabs.id, pcrLabOrders.pcr_lab_id))
    .leftJoin(users, eq(users.id, pcrLabOrders.user_id))
    .leftJoin(mailOutbox, eq(mailOutbox.id, pcrLabOrders.mail_id))
    .where(and(eq(pcrLabOrders.staff_id, staffId), orderId === undefined ? undefined : eq(pcrLabOrders.id, orderId)))
    .orderBy(desc(pcrLabOrders.created_at), desc(pcrLabOrders.id))
    .limit(200);
  if (orders.length === 0) return [];
  const lines = await db
    .select()
    .from(pcrLabOrderLines)
    .where(
      and(
        eq(pcrLabOrderLines.staff_id, staffId),
        inArray(
          pcrLabOrderLines.order_id,
          orders.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(pcrLabOrderLines.id));
  return orders.map(({ mail_status, created_at, ...o }) => ({
    ...o,
    created_at: created_at.toISOString(),
    state: STATE[mail_status ?? ''] ?? 'queued',
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({ name: l.name, number: l.number, quantity: l.quantity })),
  }));
}
