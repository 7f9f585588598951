import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, paymentClassifications } from '../../db/schema/appointments';
import { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { services, testTypes } from '../../db/schema/services';

/**
 * One appointment with everything receipts, DEMIS and the official form print:
 * customer, service, test type, payment classification. Always filtered by the
 * centre, so another centre's appointment is simply not found.
 */
function contextQuery(db: DbOrTx) {
  return db
    .select({
      appointment: {
        id: appointments.id,
        staff_id: appointments.staff_id,
        customer_id: appointments.customer_id,
        service_id: appointments.service_id,
        customer_appointment_id: appointments.customer_appointment_id,
        token: appointments.token,
        start_date: appointments.start_date,
        end_date: appointments.end_date,
        status: appointments.status,
        res_detected: appointments.res_detected,
        res_date: appointments.res_date,
        demis_status: appointments.demis_status,
        payment_class_id: appointments.payment_class_id,
        price: appointments.price,
        should_block_slot: appointments.should_block_slot,
      },
      customer: {
        id: customers.id,
        first_name: customers.first_name,
        last_name: customers.last_name,
        birthday: customers.birthday,
        gender: customers.gender,
        email: customers.email,
        phone: customers.phone,
        street: customers.street,
        street_number: customers.street_number,
        postcode: customers.postcode,
        city: customers.city,
        passport: customers.passport,
      },
      service: {
        id: services.id,
        title: services.title,
        test_type: services.test_type,
        service_test_v: services.service_test_v,
      },
      test_type_label: testTypes.label,
      payment_class_label: paymentClassifications.label,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .leftJoin(testTypes, eq(testTypes.id, services.test_type))
    .leftJoin(paymentClassifications, eq(paymentClassifications.id, appointments.payment_class_id));
}

export type AppointmentContext = NonNullable<Awaited<ReturnType<typeof findContextById>>>;

export async function findContextById(db: DbOrTx, staffId: number, appointmentId: number) {
  const rows = await contextQuery(db).where(
    and(eq(appointments.staff_id, staffId), eq(appointments.id, appointmentId)),
  );
  return rows[0];
}

export async function findContextByToken(db: DbOrTx, staffId: number, token: string) {
  const rows = await contextQuery(db).where(and(eq(appointments.staff_id, staffId), eq(appointments.token, token)));
  return rows[0];
}

/** Locks the appointment row for the rest of the transaction (serialises issuing and reporting). */
export async function lockAppointment(tx: DbOrTx, staffId: number, appointmentId: number) {
  const rows = await tx
    .select({ id: appointments.id, demis_status: appointments.demis_status })
    .from(appointments)
    .where(and(eq(appointments.staff_id, staffId), eq(appointments.id, appointmentId)))
    .for('update');
  return rows[0];
}

export async function findCentre(db: DbOrTx, staffId: number) {
  const rows = await db.select().from(centres).where(eq(centres.id, staffId));
  return rows[0];
}
export type CentreRow = typeof centres.$inferSelect;
