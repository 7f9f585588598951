import { z } from 'zod';
import { appointmentStatusSchema } from '../appointments/appointments.contract';
import { birthdaySchema, customerFieldsSchema } from '../customers/customers.contract';
import { endpoint } from '../http/endpoint';
import { BOOKING_MSG, MSG } from '../messages';
import { isRealDate } from '../rules/appointment-time';

/**
 * The public booking page (issue 19): no login. A centre is found by the
 * readable name in the address (its search_name, case-insensitive); a booking
 * by the token of the link in the confirmation mail. Every route lives under
 * /api/public/, which carries its own rate limit per IP address; the booking
 * itself is limited further per IP and e-mail address (server config).
 */

const searchNameParams = z.object({ searchName: z.string().trim().min(1).max(100) });
/** A booking token: 32 random bytes, base64url. */
const tokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const date = z.string({ error: MSG.appointmentDateInvalid }).refine(isRealDate, MSG.appointmentDateInvalid);
/** A slot's start as the page offers it: HH:MM. */
const time = z
  .string({ error: MSG.appointmentTimeFormat })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.appointmentTimeFormat);

/** What the page shows of the centre: its name, address, contact, colours and legal links. */
export const publicCentreSchema = z.object({
  search_name: z.string(),
  full_name: z.string(),
  tz_street: z.string().nullable(),
  tz_street_number: z.string().nullable(),
  tz_zip: z.string().nullable(),
  tz_city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  color1: z.string().nullable(),
  color2: z.string().nullable(),
  color3: z.string().nullable(),
  impressum_link: z.string().nullable(),
  prof_dataprotect: z.string().nullable(),
  google_maps_link: z.string().nullable(),
});
export type PublicCentre = z.infer<typeof publicCentreSchema>;

export const bookableServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** cents */
  price: z.number().int(),
  price_txt: z.string().nullable(),
  /** minutes */
  duration: z.number().int(),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;

export const bookingPageSchema = z.object({
  centre: publicCentreSchema,
  /** False when the centre is private or its pause date is due: the page shows the closed notice. */
  open: z.boolean(),
  services: z.array(bookableServiceSchema),
  /** The centre's today and the last day that can be booked (YYYY-MM-DD). */
  first_date: z.string(),
  last_date: z.string(),
});
export type BookingPage = z.infer<typeof bookingPageSchema>;

export const getBookingPage = endpoint({
  method: 'GET',
  path: '/api/public/booking/:searchName',
  access: { public: true },
  summary: 'Buchungsseite eines Zentrums: Zentrum, offen oder geschlossen, buchbare Dienstleistungen',
  params: searchNameParams,
  response: bookingPageSchema,
});

export const bookingSlotsQuerySchema = z.object({
  service_id: z.coerce.number().int().positive(),
  date,
});

export const bookingSlotsSchema = z.object({
  date: z.string(),
  service_id: z.number().int(),
  slots: z.array(z.object({ time: z.string(), end_time: z.string(), free: z.number().int() })),
});
export type BookingSlots = z.infer<typeof bookingSlotsSchema>;

export const getBookingSlots = endpoint({
  method: 'GET',
  path: '/api/public/booking/:searchName/slots',
  access: { public: true },
  summary: 'Freie Zeiten einer Dienstleistung an einem Tag (ohne Vergangenheit und Vorlaufzeit)',
  params: searchNameParams,
  query: bookingSlotsQuerySchema,
  response: bookingSlotsSchema,
});

export const bookingDaysQuerySchema = z.object({
  /** The month the calendar shows. */
  month: z.string({ error: BOOKING_MSG.monthInvalid }).regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, BOOKING_MSG.monthInvalid),
});

/** The days of a month the calendar offers no choice on, each with its reason (rules/booking-days.ts). */
export const bookingDaysSchema = z.object({
  month: z.string(),
  closed: z.array(
    z.object({
      date: z.string(),
      reason: z.enum(['past', 'too_far', 'holiday', 'special_day', 'weekday']),
      /** The reason as the customer reads it. */
      text: z.string(),
    }),
  ),
});
export type BookingDays = z.infer<typeof bookingDaysSchema>;

export const getBookingDays = endpoint({
  method: 'GET',
  path: '/api/public/booking/:searchName/days',
  access: { public: true },
  summary: 'Nicht buchbare Tage eines Monats mit Grund (geschlossen, Feiertag, außerhalb des Buchungszeitraums)',
  params: searchNameParams,
  query: bookingDaysQuerySchema,
  response: bookingDaysSchema,
});

/**
 * What the generated imprint and privacy statement of a centre are made of
 * (when the centre has no page of its own): the centre's legal settings,
 * and how long this installation keeps the data.
 */
export const bookingLegalSchema = z.object({
  centre: publicCentreSchema,
  /** The operator (prof_entity, else the invoice entity, else the centre) with its address. */
  operator: z.object({
    name: z.string(),
    street: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
  }),
  responsible: z.string().nullable(),
  /** The data-protection officer, when the field names a person (not a web address). */
  data_protection_officer: z.string().nullable(),
  register: z.string().nullable(),
  vat_id: z.string().nullable(),
  profession: z.object({
    title: z.string().nullable(),
    chamber: z.string().nullable(),
    state: z.string().nullable(),
    number: z.string().nullable(),
  }),
  /** The last day the test documentation is kept (RETENTION_UNTIL). */
  retention_until: z.string(),
  result_link_days: z.number().int(),
});
export type BookingLegal = z.infer<typeof bookingLegalSchema>;

export const getBookingLegal = endpoint({
  method: 'GET',
  path: '/api/public/booking/:searchName/legal',
  access: { public: true },
  summary: 'Angaben für Impressum und Datenschutzerklärung eines Zentrums',
  params: searchNameParams,
  response: bookingLegalSchema,
});

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

/**
 * The booking form: the customer fields of the spec (passport optional), the
 * slot, the consents and `website`, a field people never see or fill
 * (honeypot): a request that fills it is refused.
 */
export const bookingRequestSchema = z.object({
  service_id: z.number({ error: MSG.chooseProduct }).int().positive(MSG.chooseProduct),
  date,
  time,
  first_name: customerFieldsSchema.shape.first_name,
  last_name: customerFieldsSchema.shape.last_name,
  birthday: z.string({ error: BOOKING_MSG.birthdayRequired }).pipe(birthdaySchema),
  email: z
    .string({ error: BOOKING_MSG.emailRequired })
    .trim()
    .min(1, BOOKING_MSG.emailRequired)
    .pipe(z.email(MSG.emailInvalid).max(200)),
  phone: requiredText(BOOKING_MSG.phoneRequired, 50),
  street: requiredText(BOOKING_MSG.streetRequired, 200),
  postcode: z
    .string({ error: MSG.postcodeInvalid })
    .trim()
    .regex(/^\d{5}$/, MSG.postcodeInvalid),
  city: requiredText(BOOKING_MSG.cityRequired, 200),
  passport: customerFieldsSchema.shape.passport,
  consent_privacy: z.literal(true, { error: BOOKING_MSG.consentRequired }),
  consent_result: z.boolean().default(false),
  website: z.string().max(500).optional(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** One booking as the customer sees it (confirmation and cancel page). */
export const bookingSchema = z.object({
  status: appointmentStatusSchema,
  /** Local date and times of the centre. */
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  service_title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** As people read it (last 6 digits). */
  appointment_number: z.string(),
  /** Until the appointment starts. */
  cancellable: z.boolean(),
  centre: publicCentreSchema,
  /** The check-in questionnaire (path of this site), while the appointment is approved. */
  form_path: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const createBooking = endpoint({
  method: 'POST',
  path: '/api/public/booking/:searchName',
  access: { public: true },
  summary: 'Termin buchen: legt Kunde und Termin an und verschickt die Bestätigung (Token im Stornolink)',
  params: searchNameParams,
  body: bookingRequestSchema,
  response: bookingSchema.extend({ token: z.string() }),
});

export const getBooking = endpoint({
  method: 'GET',
  path: '/api/public/bookings/:token',
  access: { public: true },
  summary: 'Eine Buchung über den Token aus der Bestätigungsmail',
  params: tokenParams,
  response: bookingSchema,
});

export const cancelBooking = endpoint({
  method: 'POST',
  path: '/api/public/bookings/:token/cancel',
  access: { public: true },
  summary: 'Buchung stornieren (bis zum Terminbeginn); gibt den Platz frei',
  params: tokenParams,
  response: bookingSchema,
});

/** The birthday that opens a result link. */
const resultBody = z.object({ birthday: z.string({ error: BOOKING_MSG.birthdayRequired }).pipe(birthdaySchema) });

/** The result page (after the birthday was right): the test, its result and the centre. */
export const testResultSchema = z.object({
  result: z.enum(['negative', 'positive']),
  /** ISO timestamp of the result. */
  res_date: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string(),
  service_title: z.string(),
  /** Local date and time of the appointment. */
  date: z.string(),
  time: z.string(),
  appointment_number: z.string(),
  centre: publicCentreSchema,
});
export type TestResult = z.infer<typeof testResultSchema>;

export const openTestResult = endpoint({
  method: 'POST',
  path: '/api/public/results/:token',
  access: { public: true },
  summary: 'Testergebnis über den Link aus der Mail, nach Eingabe des Geburtsdatums',
  params: tokenParams,
  body: resultBody,
  response: testResultSchema,
});

export const downloadTestResultPdf = endpoint({
  method: 'POST',
  path: '/api/public/results/:token/pdf',
  access: { public: true },
  summary: 'Testbescheinigung als PDF (Geburtsdatum im Body)',
  params: tokenParams,
  body: resultBody,
  response: z.any().describe('application/pdf'),
});
