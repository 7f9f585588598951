import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AccountStatus, isDeactivated } from '@tz/shared/account/account.contract';
import type {
  Booking,
  BookingDays,
  BookingLegal,
  BookingPage,
  BookingSlots,
  bookingRequestSchema,
  PublicCentre,
} from '@tz/shared/booking/booking.contract';
import {
  BOOKING_MSG,
  bookingRefusalSentence,
  bookingTooFarAhead,
  bookingTooManyOpen,
  bookingTooSoon,
} from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { checkBooking } from '@tz/shared/rules/booking-check';
import { closedDaysOfMonth, daysOfMonth } from '@tz/shared/rules/booking-days';
import { freeSlots } from '@tz/shared/rules/free-slots';
import { addDays, wallClockOf, zonedInstant } from '@tz/shared/rules/time-zone';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { publicBaseUrl } from '../../http/public-url';
import { findServiceOfCentre, insertAppointments } from '../appointments/appointment-edit.repository';
import { writeAudit } from '../audit/audit.repository';
import { createCustomerRow } from '../customers/customers.service';
import { checkInPath } from '../forms/forms.service';
import { commercialRegister } from '../mail/mail-template';
import { dayInput } from '../schedule/free-slots.service';
import { lockCentreSlots } from '../schedule/schedule.repository';
import { scheduleItems } from '../schedule/schedule.service';
import * as repo from './booking.repository';
import { bookingMail } from './booking-mail';

type BookingBody = z.infer<typeof bookingRequestSchema>;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const HOUR = 3600_000;

async function centreOrThrow(db: DbOrTx, searchName: string) {
  const centre = await repo.findCentreBySearchName(db, searchName);
  if (!centre) throw AppError.notFound(BOOKING_MSG.centreNotFound, 'BOOKING_PAGE_NOT_FOUND');
  return centre;
}

function publicCentre(c: repo.BookingCentre): PublicCentre {
  return {
    search_name: c.search_name ?? '',
    full_name: c.full_name,
    tz_street: c.tz_street,
    tz_street_number: c.tz_street_number,
    tz_zip: c.tz_zip,
    tz_city: c.tz_city,
    phone: c.phone,
    email: c.email,
    color1: c.color1,
    color2: c.color2,
    color3: c.color3,
    impressum_link: c.impressum_link,
    prof_dataprotect: c.prof_dataprotect,
    google_maps_link: c.google_maps_link,
  };
}

/**
 * Which days the page offers: from the centre's today for BOOKING_DAYS_AHEAD
 * days, and only before a scheduled pause. Closed (the spec's "deactivated")
 * when the centre is private or its pause date is due.
 */
function bookingWindow(deps: AppDeps, centre: repo.BookingCentre, now: Date) {
  const today = wallClockOf(now, centre.time_zone).date;
  let last = addDays(today, deps.config.booking.daysAhead);
  if (centre.pause_date && centre.pause_date <= last) last = addDays(centre.pause_date, -1);
  const status: AccountStatus['status'] = centre.status === 'private' ? 'private' : 'publish';
  return { today, last, open: !isDeactivated(status, centre.pause_date, today) };
}

export async function page(deps: AppDeps, searchName: string, now: Date = clockNow()): Promise<BookingPage> {
  const centre = await centreOrThrow(deps.db, searchName);
  const w = bookingWindow(deps, centre, now);
  const services = w.open ? await repo.activeServices(deps.db, centre.id) : [];
  return {
    centre: publicCentre(centre),
    open: w.open,
    services: services.map((s) => ({ ...s, duration: Math.round(s.duration / 60) })),
    first_date: w.today,
    last_date: w.last,
  };
}

/**
 * The days of a month the calendar greys out, with the reason (closed
 * weekday, holiday, special day without hours, over, beyond the window):
 * the opening hours, and the month's holidays and special days, read once
 * for the whole month.
 */
export async function closedDays(
  deps: AppDeps,
  searchName: string,
  month: string,
  now: Date = clockNow(),
): Promise<BookingDays> {
  const centre = await centreOrThrow(deps.db, searchName);
  const w = bookingWindow(deps, centre, now);
  if (!w.open) throw AppError.rule(BOOKING_MSG.closed, 'BOOKING_CLOSED');
  const days = daysOfMonth(month);
  const weekly = await scheduleItems(deps.db, centre.id);
  const { holidays, specialDays } = await repo.closedDaysInput(deps.db, centre.id, days[0]!, days.at(-1)!);
  return { month, closed: closedDaysOfMonth({ month, first: w.today, last: w.last, weekly, holidays, specialDays }) };
}

const filled = (v: string | null | undefined) => v?.trim() || null;

/**
 * What the generated imprint and privacy statement show: the centre's legal
 * settings (also while its booking page is closed: the imprint is always
 * owed) and this installation's retention times.
 */
export async function legal(deps: AppDeps, searchName: string): Promise<BookingLegal> {
  const centre = await centreOrThrow(deps.db, searchName);
  const l = await repo.legalSettings(deps.db, centre.id);
  // The operator: its own name with the invoice address, else the centre itself with its address.
  const entity = filled(l.prof_entity) ?? filled(l.inv_entity);
  const withInvoiceAddress = entity && filled(l.inv_street);
  const operator = withInvoiceAddress
    ? { name: entity, street: filled(l.inv_street), zip: filled(l.inv_zip), city: filled(l.inv_city) }
    : {
        name: entity ?? centre.full_name,
        street: filled([centre.tz_street, centre.tz_street_number].filter(Boolean).join(' ')),
        zip: filled(centre.tz_zip),
        city: filled(centre.tz_city),
      };
  return {
    centre: publicCentre(centre),
    operator,
    responsible: filled(l.prof_responsible),
    data_protection_officer: /^https?:\/\//i.test(l.prof_dataprotect?.trim() ?? '') ? null : filled(l.prof_dataprotect),
    register: commercialRegister(l) || null,
    vat_id: filled(l.UID),
    profession: {
      title: filled(l.profession_title),
      chamber: filled(l.profession_chamber),
      state: filled(l.profession_registration),
      number: filled(l.profession_number),
    },
    retention_until: deps.config.retentionUntil,
    result_link_days: deps.config.booking.resultLinkDays,
  };
}

async function bookableService(db: DbOrTx, staffId: number, serviceId: number) {
  const service = await findServiceOfCentre(db, staffId, serviceId);
  if (!service?.active) {
    throw AppError.field(422, 'service_id', BOOKING_MSG.serviceNotBookable, 'SERVICE_NOT_BOOKABLE');
  }
  return service;
}

/** The free slots the page offers: the shared free-slot rule, from now plus the lead time. */
export async function slots(
  deps: AppDeps,
  searchName: string,
  q: { service_id: number; date: string },
  now: Date = clockNow(),
): Promise<BookingSlots> {
  const centre = await centreOrThrow(deps.db, searchName);
  const w = bookingWindow(deps, centre, now);
  const none = { date: q.date, service_id: q.service_id, slots: [] };
  if (!w.open) throw AppError.rule(BOOKING_MSG.closed, 'BOOKING_CLOSED');
  const service = await bookableService(deps.db, centre.id, q.service_id);
  const earliest = wallClockOf(new Date(now.getTime() + deps.config.booking.leadMinutes * 60_000), centre.time_zone);
  if (q.date > w.last || q.date < earliest.date) return none;
  const input = await dayInput(deps.db, centre.id, service, q.date, centre.time_zone);
  const free = freeSlots({ ...input, notBefore: q.date === earliest.date ? earliest.time : undefined });
  return { ...none, slots: free.map((s) => ({ time: s.start_time, end_time: s.end_time, free: s.free })) };
}

/**
 * A phone number as one person's key: its digits, with a German +49 / 0049
 * read as the leading 0, so '0171 1234567' and '+49 171 1234567' are the
 * same person.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return phone.trim().toLowerCase();
  const international = phone.trim().startsWith('+') ? `00${digits}` : digits;
  return international.startsWith('0049') ? `0${international.slice(4)}` : international;
}

/**
 * Books the attempt against the limits (decision 010): per person first (the
 * e-mail address, the phone number), then the ceiling per connecting address,
 * which only stops floods. An attempt refused here is taken back, so waiting
 * customers do not extend their own or their neighbours' lock.
 */
async function countAttempt(deps: AppDeps, who: { ip: string; email: string; phone: string }, now: Date) {
  const limits = deps.config.booking;
  const counts = await repo.recordAttempt(deps.db, {
    ipHash: sha256(`ip:${who.ip}`),
    emailHash: sha256(`email:${who.email}`),
    phoneHash: sha256(`phone:${phoneKey(who.phone)}`),
    now,
    windowStart: new Date(now.getTime() - HOUR),
    purgeBefore: new Date(now.getTime() - 48 * HOUR),
  });
  const person = Math.max(counts.byEmail, counts.byPhone);
  if (person > limits.maxPerPersonHour || counts.byIp > limits.maxPerIpHour) {
    await repo.forgetAttempt(deps.db, counts.id);
    throw new AppError(429, 'TOO_MANY_BOOKINGS', BOOKING_MSG.tooManyRequests);
  }
}

/**
 * Books one appointment: the honeypot, the centre's status, the booking
 * window and lead time; then the attempt limits (only requests that got this
 * far count: per e-mail address and phone number, and a far higher ceiling per
 * connecting address); then, in one transaction under the centre's booking
 * lock, the open bookings of the e-mail address that day and the slot itself
 * (the shared booking rule), the customer, the appointment (source
 * 'customer'), the booking row, the audit row and the confirmation mail. Two
 * requests for the last place: the second waits for the lock, sees the first
 * one's appointment and is refused with SLOT_TAKEN (409).
 */
export async function book(
  deps: AppDeps,
  searchName: string,
  body: BookingBody,
  client: { ip: string },
  now: Date = clockNow(),
) {
  const limits = deps.config.booking;
  const centre = await centreOrThrow(deps.db, searchName);
  const email = body.email.toLowerCase();
  if (body.website?.trim()) throw AppError.rule(BOOKING_MSG.refused, 'BOOKING_REFUSED');
  const w = bookingWindow(deps, centre, now);
  if (!w.open) throw AppError.rule(BOOKING_MSG.closed, 'BOOKING_CLOSED');
  const tz = centre.time_zone;
  if (body.date > w.last) throw AppError.field(422, 'date', bookingTooFarAhead(w.last), 'TOO_FAR_AHEAD');
  const start = zonedInstant(body.date, body.time, tz);
  if (start.getTime() < now.getTime()) throw AppError.field(422, 'time', BOOKING_MSG.inPast, 'SLOT_IN_PAST');
  if (start.getTime() < now.getTime() + limits.leadMinutes * 60_000) {
    throw AppError.field(422, 'time', bookingTooSoon(limits.leadMinutes), 'TOO_SOON');
  }
  await countAttempt(deps, { ip: client.ip, email, phone: body.phone }, now);

  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  const view = await deps.db.transaction(async (tx) => {
    await lockCentreSlots(tx, centre.id);
    const service = await bookableService(tx, centre.id, body.service_id);
    const open = await repo.openBookingsOfDay(tx, centre.id, email, body.date, tz);
    if (open >= limits.maxOpenPerEmailDay) {
      throw AppError.field(422, 'email', bookingTooManyOpen(open), 'TOO_MANY_OPEN_BOOKINGS');
    }
    const input = await dayInput(tx, centre.id, service, body.date, tz);
    const refusal = checkBooking({ ...input, time: body.time, count: 1, blocked: 0, now: wallClockOf(now, tz) });
    if (refusal?.reason === 'full') throw AppError.field(409, 'time', BOOKING_MSG.slotTaken, 'SLOT_TAKEN', refusal);
    if (refusal) {
      throw AppError.field(422, 'time', bookingRefusalSentence(refusal, body.date), 'SLOT_NOT_BOOKABLE', refusal);
    }
    const { customer } = await createCustomerRow(tx, centre.id, {
      first_name: body.first_name,
      last_name: body.last_name,
      birthday: body.birthday,
      email: body.email,
      phone: body.phone,
      street: body.street,
      postcode: body.postcode,
      city: body.city,
      passport: body.passport ?? null,
    });
    const [appointment] = await insertAppointments(tx, [
      {
        staff_id: centre.id,
        customer_id: customer.id,
        service_id: service.id,
        token: randomUUID(),
        start_date: start,
        end_date: new Date(start.getTime() + service.duration * 1000),
        price: service.price,
        source: 'customer',
      },
    ]);
    await repo.insertBooking(tx, {
      staff_id: centre.id,
      appointment_id: appointment!.id,
      token_hash: tokenHash,
      email,
      result_consent: body.consent_result,
    });
    await writeAudit(tx, {
      staff_id: centre.id,
      user_id: null,
      entity: 'appointment',
      entity_id: appointment!.id,
      action: 'create',
      after: { source: 'customer', service_id: service.id, start_date: start.toISOString() },
    });
    const booked = await viewOf(deps, tx, tokenHash, now);
    await bookingMail(tx, centre, booked, {
      kind: 'booked',
      to: email,
      token,
      linkBase: await publicBaseUrl({ config: deps.config, db: tx }, centre.id),
    });
    return booked;
  });
  return { ...view, token };
}

/** The booking of a link's token; a forged or unknown token is "not found". */
async function viewOf(deps: AppDeps, db: DbOrTx, tokenHash: string, now: Date, lock = false) {
  const b = await repo.findBookingByTokenHash(db, tokenHash, lock);
  const centre = b && (await repo.findCentre(db, b.staff_id));
  if (!b || !centre) throw AppError.notFound(BOOKING_MSG.notFound, 'BOOKING_NOT_FOUND');
  const tz = centre.time_zone;
  const start = wallClockOf(b.start_date, tz);
  const approved = b.status === 'approved';
  const view: Booking = {
    status: approved ? 'approved' : 'cancelled',
    date: start.date,
    time: start.time,
    end_time: wallClockOf(b.end_date, tz).time,
    service_title: b.service_title,
    first_name: b.first_name,
    last_name: b.last_name,
    appointment_number: displayCustomerAppointmentId(b.customer_appointment_id),
    cancellable: approved && b.start_date.getTime() > now.getTime(),
    centre: publicCentre(centre),
    form_path: approved ? await checkInPath(deps, db, b.staff_id, b.customer_appointment_id, now) : null,
  };
  return Object.assign(view, { row: b, centreRow: centre });
}

const strip = ({ row: _row, centreRow: _centre, ...view }: Awaited<ReturnType<typeof viewOf>>): Booking => view;

export async function get(deps: AppDeps, token: string, now: Date = clockNow()) {
  return strip(await viewOf(deps, deps.db, sha256(token), now));
}

/**
 * Cancels by the link's token until the appointment starts; the slot is free
 * again at once (cancelled appointments take no place). A second cancel
 * answers the cancelled booking again.
 */
export async function cancel(deps: AppDeps, token: string, now: Date = clockNow()) {
  return deps.db.transaction(async (tx) => {
    const before = await viewOf(deps, tx, sha256(token), now, true);
    if (before.status === 'cancelled') return strip(before);
    if (!before.cancellable) throw AppError.rule(BOOKING_MSG.notCancellable, 'ALREADY_STARTED');
    await repo.cancelBookedAppointment(tx, before.row.booking_id, before.row.appointment_id, now);
    await writeAudit(tx, {
      staff_id: before.row.staff_id,
      user_id: null,
      entity: 'appointment',
      entity_id: before.row.appointment_id,
      action: 'status',
      before: { status: 'approved' },
      after: { status: 'cancelled', reason: 'cancelled_by_customer' },
    });
    const after = await viewOf(deps, tx, sha256(token), now);
    const linkBase = await publicBaseUrl({ config: deps.config, db: tx }, before.row.staff_id);
    await bookingMail(tx, after.centreRow, after, { kind: 'cancelled', to: before.row.email, token, linkBase });
    return strip(after);
  });
}
