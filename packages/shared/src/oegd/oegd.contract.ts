import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

const staffParam = z.coerce.number().int().positive();
const tokenParam = z.string().min(1).max(200);

export const oegdFormValuesSchema = z.object({
  kind: z.number().int().min(0).max(3),
  kind_num: z.string().trim().max(20).default(''),
  reason: z.number().int().min(0).max(3),
  diagnostic: z.number().int().min(0).max(2),
  risk: z.array(z.number().int().min(1).max(6)).max(6),
  optin: z.boolean(),
});
export type OegdFormBody = z.infer<typeof oegdFormValuesSchema>;

export const oegdCustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  gender: z.number().int(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  passport: z.string().nullable(),
});

export const oegdAppointmentSchema = z.object({
  appointment_id: z.number().int(),
  customer_appointment_id: z.number().int(),
  token: z.string(),
  /** yyyy-MM-dd and HH:mm in the centre's time zone */
  date: z.string(),
  time: z.string(),
  service_id: z.number().int(),
  service_title: z.string(),
  service_test_type: z.number().int().nullable(),
  res_detected: z.number().int().nullable(),
  res_date: z.string().nullable(),
});

export const oegdFormSchema = z.object({
  customer: oegdCustomerSchema,
  appointment: oegdAppointmentSchema,
  values: oegdFormValuesSchema,
  saved: z.boolean(),
});

export const getOegdForm = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/oegd/forms/:customerId/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Amtliches Testformular (ÖGD) eines Termins laden (Testarten 3 und 5)',
  params: z.object({ staffId: staffParam, customerId: z.coerce.number().int().positive(), token: tokenParam }),
  response: oegdFormSchema,
});

export const saveOegdForm = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/oegd/forms/:customerId/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Angaben des amtlichen Testformulars speichern',
  params: z.object({ staffId: staffParam, customerId: z.coerce.number().int().positive(), token: tokenParam }),
  body: oegdFormValuesSchema,
  response: oegdFormSchema,
});

export const updateCustomerGender = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/oegd/customer-gender',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Geschlecht eines Kunden sofort speichern (amtliches Formular)',
  params: z.object({ staffId: staffParam }),
  body: z.object({ customer_id: z.number().int().positive(), gender: z.number().int().min(0).max(4) }),
  response: z.object({ customer_id: z.number().int(), gender: z.number().int() }),
});

/**
 * The preview is opened by a plain form post in a new window, which cannot
 * carry a bearer header: the session token travels in the `jwt` field and the
 * handler checks it exactly like the guard does (role, centre). Hence public
 * here, verified inside.
 */
export const previewOegdForm = endpoint({
  method: 'POST',
  path: '/api/public/oegd/preview/:staffId/:customerId',
  access: { public: true },
  summary: 'Ausgefülltes amtliches Testformular als PDF (Formular-Post mit jwt, token, iShowBackground)',
  params: z.object({ staffId: staffParam, customerId: z.coerce.number().int().positive() }),
  body: z.object({
    jwt: z.string().min(1).max(4000),
    token: tokenParam,
    iShowBackground: z.enum(['0', '1']).default('1'),
  }),
  response: z.any().describe('application/pdf'),
});

export const handoffDataSchema = z.object({
  customer_id: z.number().int(),
  customer_appointment_id: z.number().int(),
  customer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    birthday: z.string().nullable(),
    gender: z.number().int(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    passport: z.string().nullable(),
  }),
  address: z.object({ street: z.string().nullable(), postcode: z.string().nullable(), city: z.string().nullable() }),
  appointment: oegdAppointmentSchema.omit({ customer_appointment_id: true }),
});

export const getHandoffData = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/oegd/handoff/:token',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Daten für Papiererklärung und Zertifikatssystem eines Termins',
  params: z.object({ staffId: staffParam, token: tokenParam }),
  response: handoffDataSchema,
});
