import { createHash, randomBytes } from 'node:crypto';
import type { TestResult } from '@tz/shared/booking/booking.contract';
import { BOOKING_MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate, germanDateOf } from '@tz/shared/rules/german-date';
import { dateInZone, wallClockOf } from '@tz/shared/rules/time-zone';
import PDFDocument from 'pdfkit';
import type { AppDeps } from '../../app-deps';
import { now as clockNow } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMail } from '../mail/mail-outbox';
import { renderMail, salutation } from '../mail/mail-template';
import * as repo from './booking.repository';

/** Wrong birthdays after which a result link opens no more. */
export const RESULT_LINK_MAX_FAILURES = 5;
export const resultPagePath = (token: string) => `/ergebnis/${encodeURIComponent(token)}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * After a negative or positive result is entered: if the customer booked
 * online and agreed to it, a link to the result is mailed (a new result
 * replaces an earlier link). The mail names no result and no health data; the
 * page asks for the birthday. Runs in the transaction of the result change.
 */
export async function mailResultLinkIfAgreed(
  deps: AppDeps,
  tx: DbOrTx,
  staffId: number,
  appointmentId: number,
  resDetected: number,
  now: Date = clockNow(),
) {
  if (resDetected !== 1 && resDetected !== 2) return false;
  const booking = await repo.bookingOfAppointment(tx, staffId, appointmentId);
  const centre = await repo.findCentre(tx, staffId);
  if (!booking?.result_consent || !centre) return false;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + deps.config.booking.resultLinkDays * 86_400_000);
  await repo.upsertResultLink(tx, {
    staff_id: staffId,
    appointment_id: appointmentId,
    token_hash: sha256(token),
    expires_at: expiresAt,
    created_at: now,
  });
  const linkBase = await publicBaseUrl({ config: deps.config, db: tx }, staffId);
  const tz = centre.time_zone;
  const body = renderMail(centre, {
    salutation: salutation(booking.first_name, booking.last_name),
    paragraphs: [
      `das Ergebnis Ihres Tests vom ${germanDateOf(booking.start_date, tz)} liegt vor. Sie können es hier abrufen: ${linkBase}${resultPagePath(token)}`,
      `Zum Öffnen benötigen Sie Ihr Geburtsdatum. Der Link ist bis zum ${germanDate(dateInZone(new Date(expiresAt.getTime() - 1), tz))} gültig.`,
    ],
  });
  await enqueueMail(tx, {
    staff_id: staffId,
    kind: 'result_link',
    to: booking.email,
    subject: `Ihr Testergebnis liegt vor – ${centre.full_name}`,
    ...body,
  });
  return true;
}

/**
 * The result behind a link, only with the customer's birthday. Unknown link
 * 404, expired 410, five wrong birthdays lock it (423); each wrong one is
 * counted before the refusal.
 */
export async function openResult(deps: AppDeps, token: string, birthday: string, now: Date = clockNow()) {
  const link = await repo.findResultLink(deps.db, sha256(token));
  if (!link || (link.res_detected !== 1 && link.res_detected !== 2) || !link.res_date) {
    throw AppError.notFound(BOOKING_MSG.resultNotFound, 'RESULT_NOT_FOUND');
  }
  if (link.expires_at.getTime() <= now.getTime()) {
    throw new AppError(410, 'RESULT_LINK_EXPIRED', BOOKING_MSG.resultExpired);
  }
  if (link.failed_attempts >= RESULT_LINK_MAX_FAILURES)
    throw new AppError(423, 'RESULT_LOCKED', BOOKING_MSG.resultLocked);
  if (link.birthday !== birthday) {
    const failures = await repo.countResultFailure(deps.db, link.id);
    if (failures >= RESULT_LINK_MAX_FAILURES) throw new AppError(423, 'RESULT_LOCKED', BOOKING_MSG.resultLocked);
    throw AppError.field(422, 'birthday', BOOKING_MSG.birthdayMismatch, 'BIRTHDAY_MISMATCH');
  }
  const centre = (await repo.findCentre(deps.db, link.staff_id))!;
  const start = wallClockOf(link.start_date, centre.time_zone);
  const result: TestResult = {
    result: link.res_detected === 2 ? 'positive' : 'negative',
    res_date: link.res_date.toISOString(),
    first_name: link.first_name,
    last_name: link.last_name,
    birthday: link.birthday,
    service_title: link.service_title,
    date: start.date,
    time: start.time,
    appointment_number: displayCustomerAppointmentId(link.customer_appointment_id),
    centre: {
      search_name: centre.search_name ?? '',
      full_name: centre.full_name,
      tz_street: centre.tz_street,
      tz_street_number: centre.tz_street_number,
      tz_zip: centre.tz_zip,
      tz_city: centre.tz_city,
      phone: centre.phone,
      email: centre.email,
      color1: centre.color1,
      color2: centre.color2,
      color3: centre.color3,
      impressum_link: centre.impressum_link,
      prof_dataprotect: centre.prof_dataprotect,
      google_maps_link: centre.google_maps_link,
    },
  };
  return { result, timeZone: centre.time_zone };
}

/** The printable certificate of the result (standard fonts, extractable text). */
export async function resultPdf(deps: AppDeps, token: string, birthday: string, now: Date = clockNow()) {
  const { result: r, timeZone } = await openResult(deps, token, birthday, now);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Testbescheinigung' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const c = r.centre;
  doc.font('Helvetica-Bold').fontSize(14).text(c.full_name);
  doc.font('Helvetica').fontSize(10);
  doc.text([c.tz_street, c.tz_street_number].filter(Boolean).join(' '));
  doc.text([c.tz_zip, c.tz_city].filter(Boolean).join(' '));
  if (c.phone) doc.text(`Telefon: ${c.phone}`);
  if (c.email) doc.text(`E-Mail: ${c.email}`);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text('Bescheinigung über das Ergebnis eines Tests');
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  row('Name', `${r.first_name} ${r.last_name}`);
  row('Geburtsdatum', germanDate(r.birthday));
  row('Test', r.service_title);
  row('Termin', `${germanDate(r.date)} ${r.time} Uhr`);
  row('Vorgangsnummer', r.appointment_number);
  row('Ergebnis', r.result === 'positive' ? BOOKING_MSG.resultPositive : BOOKING_MSG.resultNegative);
  row('Ergebnis vom', `${germanDateOf(r.res_date, timeZone)} ${wallClockOf(new Date(r.res_date), timeZone).time} Uhr`);
  doc.moveDown(2);
  doc.fontSize(9).text(`Ausgestellt am ${germanDateOf(now, timeZone)} von ${c.full_name}.`);
  doc.end();
  return { pdf: await done, filename: `testbescheinigung-${r.appointment_number}.pdf` };
}
