import type { Booking } from '@tz/shared/booking/booking.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../mail/mail-outbox';
import { type MailCentre, renderMail, salutation } from '../mail/mail-template';

/** Paths of the web app's public booking screens (apps/web/src/routes.ts: booking, bookingCancel). */
export const bookingPagePath = (searchName: string) => `/buchen/${encodeURIComponent(searchName)}`;
export const cancelPagePath = (token: string) => `/buchung/${encodeURIComponent(token)}`;

/**
 * The confirmation (date, time, address, questionnaire and cancel link) or
 * the cancellation notice, into the outbox in the caller's transaction.
 * Links start with `linkBase`: the centre's public base URL (http/public-url.ts).
 */
export async function bookingMail(
  tx: DbOrTx,
  centre: MailCentre & { id: number },
  booking: Booking,
  mail: { kind: 'booked' | 'cancelled'; to: string; token: string; linkBase: string },
) {
  const when = `am ${germanDate(booking.date)} um ${booking.time} Uhr`;
  const place = [
    [centre.tz_street, centre.tz_street_number].filter(Boolean).join(' '),
    [centre.tz_zip, centre.tz_city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const paragraphs =
    mail.kind === 'booked'
      ? [
          `vielen Dank für Ihre Buchung. Hiermit bestätigen wir Ihren Termin „${booking.service_title}“ ${when}.`,
          `Ort: ${[centre.full_name, place].filter(Boolean).join(', ')}`,
          `Ihre Vorgangsnummer: ${booking.appointment_number}`,
          ...(booking.form_path
            ? [
                `Bitte füllen Sie vorab unseren kurzen Fragebogen aus, dann geht es vor Ort schneller: ${mail.linkBase}${booking.form_path}`,
              ]
            : []),
          `Falls Sie den Termin nicht wahrnehmen können, stornieren Sie ihn bitte bis zum Terminbeginn hier: ${mail.linkBase}${cancelPagePath(mail.token)}`,
        ]
      : [
          `Ihr Termin „${booking.service_title}“ ${when} wurde wie gewünscht storniert.`,
          `Ihre Vorgangsnummer: ${booking.appointment_number}`,
        ];
  const body = renderMail(centre, { salutation: salutation(booking.first_name, booking.last_name), paragraphs });
  await enqueueMail(tx, {
    staff_id: centre.id,
    kind: mail.kind === 'booked' ? 'booking_confirmation' : 'booking_cancelled',
    to: mail.to,
    subject: `${mail.kind === 'booked' ? 'Terminbestätigung' : 'Stornierung'} – ${centre.full_name}`,
    ...body,
  });
}
