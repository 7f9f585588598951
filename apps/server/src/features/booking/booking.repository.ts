import { and, asc, count, eq, gt, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { german } from '../../db/collation';
import { appointments } from '../../db/schema/appointments';
import { bookingAttempts, bookings, resultLinks } from '../../db/schema/booking';
import { centres } from '../../db/schema/centres';
import { customers } from '../../db/schema/customers';
import { holidays, specialDays } from '../../db/schema/schedule';
import { services } from '../../db/schema/services';
import { selectList, shapedSql } from '../../db/shaped-sql';

const publicCentreColumns = {
  id: centres.id,
  search_name: centres.search_name,
  full_name: centres.full_name,
  tz_street: centres.tz_street,
  tz_street_number: centres.tz_street_number,
  tz_zip: centres.tz_zip,
  tz_city: centres.tz_city,
  phone: centres.phone,
  email: centres.email,
  info: centres.info,
  color1: centres.color1,
  color2: centres.color2,
  color3: centres.color3,
  impressum_link: centres.impressum_link,
  prof_dataprotect: centres.prof_dataprotect,
  google_maps_link: centres.google_maps_link,
  time_zone: centres.time_zone,
  status: centres.status,
  pause_date: centres.pause_date,
  type: centres.type,
};

/** The keys of publicCentreColumns are the table's own. */
type PublicCentreRow = Pick<typeof centres.$inferSelect, keyof typeof publicCentreColumns>;

const centreBySearchName = shapedSql<{ name: string }>({
  shape: () => 'one',
  values: (a) => a,
  build: () =>
    sql`select ${selectList(publicCentreColumns)} from ${centres}
      where lower(${centres.search_name}) = lower(${sql.placeholder('name')}::text) and ${centres.testcenter}
      order by ${centres.id} limit 1`,
});

/**
 * The activated centre whose search_name is `name`, ignoring case (index
 * centres_search_name_lower_idx). Names are not unique in the table; the
 * oldest centre keeps a shared one. Prepared once (shapedSql): every call of
 * the booking page asks it, the free times again and again.
 */
export async function findCentreBySearchName(db: DbOrTx, name: string) {
  const [row] = await centreBySearchName.rows<PublicCentreRow>(db, { name });
  return row;
}
export type BookingCentre = NonNullable<Awaited<ReturnType<typeof findCentreBySearchName>>>;

export async function findCentre(db: DbOrTx, staffId: number) {
  const [row] = await db.select(publicCentreColumns).from(centres).where(eq(centres.id, staffId));
  return row;
}

/** The legal settings of a centre: what its generated imprint and privacy statement say. */
export async function legalSettings(db: DbOrTx, staffId: number) {
  const [row] = await db
    .select({
      prof_entity: centres.prof_entity,
      inv_entity: centres.inv_entity,
      inv_street: centres.inv_street,
      inv_zip: centres.inv_zip,
      inv_city: centres.inv_city,
      prof_responsible: centres.prof_responsible,
      prof_dataprotect: centres.prof_dataprotect,
      handelsregister_nummer: centres.handelsregister_nummer,
      handelsregister_ort: centres.handelsregister_ort,
      UID: centres.UID,
      profession_title: centres.profession_title,
      profession_chamber: centres.profession_chamber,
      profession_registration: centres.profession_registration,
      profession_number: centres.profession_number,
    })
    .from(centres)
    .where(eq(centres.id, staffId));
  return row!;
}

/** The holidays and special days of a centre between two dates (a calendar month), in one query each. */
export async function closedDaysInput(db: DbOrTx, staffId: number, from: string, to: string) {
  const holidayRows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(and(eq(holidays.staff_id, staffId), gte(holidays.date, from), lte(holidays.date, to)));
  const special = await db
    .select()
    .from(specialDays)
    .where(and(eq(specialDays.staff_id, staffId), gte(specialDays.date, from), lte(specialDays.date, to)));
  return { holidays: holidayRows.map((h) => h.date), specialDays: special };
}

export async function activeServices(db: DbOrTx, staffId: number) {
  return db
    .select({
      id: services.id,
      title: services.title,
      price: services.price,
      price_txt: services.price_txt,
      duration: services.duration,
    })
    .from(services)
    .where(and(eq(services.staff_id, staffId), eq(services.active, true)))
    .orderBy(asc(german(services.title)), asc(services.id));
}

/**
 * Records one booking attempt and answers how many attempts the address, the
 * e-mail address and the phone number made within the window (this one
 * included). Insert first, then count: two parallel attempts each see the
 * other, so neither slips past a limit.
 */
export async function recordAttempt(
  db: DbOrTx,
  attempt: { ipHash: string; emailHash: string; phoneHash: string; now: Date; windowStart: Date; purgeBefore: Date },
) {
  await db.delete(bookingAttempts).where(lt(bookingAttempts.created_at, attempt.purgeBefore));
  const [row] = await db
    .insert(bookingAttempts)
    .values({
      ip_hash: attempt.ipHash,
      email_hash: attempt.emailHash,
      phone_hash: attempt.phoneHash,
      created_at: attempt.now,
    })
    .returning({ id: bookingAttempts.id });
  const byIp = eq(bookingAttempts.ip_hash, attempt.ipHash);
  const byEmail = eq(bookingAttempts.email_hash, attempt.emailHash);
  const byPhone = eq(bookingAttempts.phone_hash, attempt.phoneHash);
  const [counts] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
      byPhone: sql<number>`count(*) filter (where ${byPhone})`.mapWith(Number),
    })
    .from(bookingAttempts)
    .where(and(gt(bookingAttempts.created_at, attempt.windowStart), or(byIp, byEmail, byPhone)));
  return { id: row!.id, byIp: counts?.byIp ?? 0, byEmail: counts?.byEmail ?? 0, byPhone: counts?.byPhone ?? 0 };
}

/** Takes back an attempt that was refused for a limit: only attempts that went on to the booking count. */
export async function forgetAttempt(db: DbOrTx, id: number) {
  await db.delete(bookingAttempts).where(eq(bookingAttempts.id, id));
}

/**
 * Online bookings of the e-mail address at the centre on the local date that
 * are still open: not cancelled.
 */
export async function openBookingsOfDay(db: DbOrTx, staffId: number, email: string, date: string, timeZone: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.id, bookings.appointment_id))
    .where(
      and(
        eq(bookings.staff_id, staffId),
        eq(bookings.email, email),
        ne(appointments.status, 'cancelled'),
        sql`${appointments.start_date} >= (${date}::date)::timestamp at time zone ${timeZone}`,
        sql`${appointments.start_date} < (${date}::date + 1)::timestamp at time zone ${timeZone}`,
      ),
    );
  return row?.n ?? 0;
}

export async function insertBooking(db: DbOrTx, row: typeof bookings.$inferInsert) {
  await db.insert(bookings).values(row);
}

/** The booking of a token hash with its appointment, service, customer and centre. */
export async function findBookingByTokenHash(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select({
      booking_id: bookings.id,
      staff_id: bookings.staff_id,
      appointment_id: appointments.id,
      customer_appointment_id: appointments.customer_appointment_id,
      status: appointments.status,
      start_date: appointments.start_date,
      end_date: appointments.end_date,
      service_title: services.title,
      first_name: customers.first_name,
      last_name: customers.last_name,
      email: bookings.email,
    })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.id, bookings.appointment_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .where(eq(bookings.token_hash, tokenHash));
  const [row] = lock ? await query.for('no key update', { of: appointments }) : await query;
  return row;
}
export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBookingByTokenHash>>>;

export async function cancelBookedAppointment(db: DbOrTx, bookingId: number, appointmentId: number, at: Date) {
  await db.update(appointments).set({ status: 'cancelled', updated_at: at }).where(eq(appointments.id, appointmentId));
  await db.update(bookings).set({ cancelled_at: at }).where(eq(bookings.id, bookingId));
}

/** The booking of an appointment, with what the result mail needs. */
export async function bookingOfAppointment(db: DbOrTx, staffId: number, appointmentId: number) {
  const [row] = await db
    .select({
      email: bookings.email,
      result_consent: bookings.result_consent,
      first_name: customers.first_name,
      last_name: customers.last_name,
      start_date: appointments.start_date,
    })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.id, bookings.appointment_id))
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .where(and(eq(bookings.staff_id, staffId), eq(bookings.appointment_id, appointmentId)));
  return row;
}

/** One link per appointment: a new result replaces the token, the expiry and the failure count. */
export async function upsertResultLink(
  db: DbOrTx,
  row: { staff_id: number; appointment_id: number; token_hash: string; expires_at: Date; created_at: Date },
) {
  await db
    .insert(resultLinks)
    .values(row)
    .onConflictDoUpdate({
      target: resultLinks.appointment_id,
      set: { token_hash: row.token_hash, expires_at: row.expires_at, failed_attempts: 0, created_at: row.created_at },
    });
}

export async function findResultLink(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: resultLinks.id,
      staff_id: resultLinks.staff_id,
      expires_at: resultLinks.expires_at,
      failed_attempts: resultLinks.failed_attempts,
      res_detected: appointments.res_detected,
      res_date: appointments.res_date,
      start_date: appointments.start_date,
      customer_appointment_id: appointments.customer_appointment_id,
      service_title: services.title,
      first_name: customers.first_name,
      last_name: customers.last_name,
      birthday: customers.birthday,
    })
    .from(resultLinks)
    .innerJoin(appointments, eq(appointments.id, resultLinks.appointment_id))
    .innerJoin(services, eq(services.id, appointments.service_id))
    .innerJoin(customers, eq(customers.id, appointments.customer_id))
    .where(eq(resultLinks.token_hash, tokenHash));
  return row;
}

/** Counts a wrong birthday in one statement (parallel guesses cannot slip past); answers the new count. */
export async function countResultFailure(db: DbOrTx, id: number) {
  const [row] = await db
    .update(resultLinks)
    .set({ failed_attempts: sql`${resultLinks.failed_attempts} + 1` })
    .where(eq(resultLinks.id, id))
    .returning({ n: resultLinks.failed_attempts });
  return row?.n ?? 0;
}
