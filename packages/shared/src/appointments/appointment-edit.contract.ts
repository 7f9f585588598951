import { z } from 'zod';
import { ROLE } from '../constants';
import { customerFieldsSchema } from '../customers/customers.contract';
import { endpoint } from '../http/endpoint';
import { multiline } from '../http/safe-input';
import { MSG } from '../messages';
import { isRealDate, isValidAppointmentTime, splitStartDate, TIME_MAX_LENGTH } from '../rules/appointment-time';
import { appointmentSchema, appointmentStatusSchema } from './appointments.contract';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const appointmentCustomerParams = staffParams.extend({
  appointmentId: z.coerce.number().int().positive(),
  customerId: z.coerce.number().int().positive(),
});
const customerParams = staffParams.extend({ customerId: z.coerce.number().int().positive() });

/** Upper bounds keep one request's transaction small; the spec only gives the lower ones. */
export const MAX_SERIES_APPOINTMENTS = 50;
export const MAX_BLOCKED_SLOTS = 50;

export const appointmentTimeSchema = z
  .string({ error: MSG.appointmentTimeFormat })
  .max(TIME_MAX_LENGTH, MSG.appointmentTimeFormat)
  .refine(isValidAppointmentTime, MSG.appointmentTimeFormat);

export const appointmentDateSchema = z
  .string({ error: MSG.appointmentDateInvalid })
  .refine(isRealDate, MSG.appointmentDateInvalid);

const seriesFields = {
  number_of_new_appointments: z.coerce
    .number({ error: MSG.appointmentCountMin })
    .int(MSG.appointmentCountMin)
    .min(1, MSG.appointmentCountMin)
    .max(MAX_SERIES_APPOINTMENTS, MSG.seriesTooLong)
    .default(1),
  number_of_blocked_slots: z.coerce
    .number({ error: MSG.blockedSlotsMin })
    .int(MSG.blockedSlotsMin)
    .min(0, MSG.blockedSlotsMin)
    .max(MAX_BLOCKED_SLOTS, MSG.seriesTooLong)
    .default(0),
};

/**
 * The spec's New appointment payload (date YYYY-MM-DD, time HH:MM in the
 * centre's time zone). `overbook`: staff book outside the free slots only
 * when they say so explicitly (decision record 004).
 */
export const newAppointmentSchema = z.object({
  date: appointmentDateSchema,
  time: appointmentTimeSchema,
  service_id: z.number({ error: MSG.chooseProduct }).int().positive(MSG.chooseProduct),
  staff_id: z.number().int().positive(),
  notes: multiline(z.string().max(2000)).nullish(),
  ...seriesFields,
  overbook: z.boolean().default(false),
});
export type NewAppointment = z.infer<typeof newAppointmentSchema>;

/** One appointment for the edit screen: the list row plus the series counts. */
export const appointmentDetailSchema = appointmentSchema.extend({
  series_id: z.string().nullable(),
  /** The version of the row (its last change, ISO 8601): sent back with an update to detect a change meanwhile. */
  updated_at: z.string(),
  number_of_new_appointments: z.number().int(),
  number_of_blocked_slots: z.number().int(),
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

export const getAppointment = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/:appointmentId/customers/:customerId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Ein Termin (nach Termin- und Kunden-ID) mit den Zahlen seiner Serie',
  params: appointmentCustomerParams,
  response: appointmentDetailSchema,
});

export const listCustomerAppointments = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/customers/:customerId/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termine eines Kunden (ohne blockierte Plätze), neueste zuerst',
  params: customerParams,
  response: z.array(appointmentSchema),
});

/**
 * The full appointment as the edit form sends it. start_date is the centre's
 * wall-clock time 'YYYY-MM-DD HH:mm:00'.
 */
export const appointmentUpdateSchema = z.object({
  customer_id: z.number().int().positive(),
  start_date: z
    .string({ error: MSG.appointmentDateInvalid })
    .refine((v) => splitStartDate(v) !== null, MSG.appointmentTimeFormat)
    .refine((v) => isRealDate(v.slice(0, 10)), MSG.appointmentDateInvalid),
  service_id: z.number({ error: MSG.chooseProduct }).int().positive(MSG.chooseProduct),
  status: appointmentStatusSchema,
  notes: multiline(z.string().max(2000)).nullish(),
  ...seriesFields,
  overbook: z.boolean().default(false),
  /** The `updated_at` the edit started from: if the appointment changed since, 409 CHANGED_MEANWHILE, nothing saved. */
  updated_at: z.string().max(40).optional(),
});
export type AppointmentUpdate = z.infer<typeof appointmentUpdateSchema>;

export const updateAppointment = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/:appointmentId/update',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termin vollständig ändern (Datum, Zeit, Dienstleistung, Status, Notizen, Serie und Blockierungen)',
  params: staffParams.extend({ appointmentId: z.coerce.number().int().positive() }),
  body: appointmentUpdateSchema,
  response: appointmentDetailSchema,
});

export const createAppointmentForCustomer = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/customers/:customerId/appointments',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Termin (oder Serie mit blockierten Plätzen) für einen Kunden anlegen',
  params: customerParams,
  body: newAppointmentSchema,
  response: z.object({ id: z.number().int(), ids: z.array(z.number().int()), blocked_ids: z.array(z.number().int()) }),
});

export const appointmentWithCustomerSchema = customerFieldsSchema.extend(newAppointmentSchema.shape);
export type AppointmentWithCustomer = z.infer<typeof appointmentWithCustomerSchema>;

export const createAppointmentWithCustomer = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/with-customer',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kunde und Termin zusammen anlegen (beides oder nichts)',
  params: staffParams,
  body: appointmentWithCustomerSchema,
  response: z.object({
    appointment_id: z.number().int(),
    customer_id: z.number().int(),
    error: z.string().nullable(),
    /** A warning such as a possible duplicate customer, else null. */
    message: z.string().nullable(),
  }),
});

export const listDisabledAppointments = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/appointments/disabled',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kommende Termine mit inaktiven Dienstleistungen (zum Umbuchen)',
  params: staffParams,
  response: z.array(appointmentSchema),
});

export const bulkUpdateServices = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/appointments/bulk-service',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Dienstleistung vieler Termine auf einmal ändern (Termin-ID → Dienstleistungs-ID)',
  params: staffParams,
  body: z.object({
    staff_id: z.number().int().positive(),
    appointments: z
      .record(z.string().regex(/^\d+$/), z.number({ error: MSG.chooseProduct }).int().positive(MSG.chooseProduct))
      .refine((m) => Object.keys(m).length > 0, MSG.chooseCustomer)
      .refine((m) => Object.keys(m).length <= 1000, MSG.bulkTooMany),
  }),
  response: z.object({ message: z.string(), updated: z.number().int() }),
});
