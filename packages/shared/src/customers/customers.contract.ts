import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { MSG } from '../messages';
import { isRealDate } from '../rules/appointment-time';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const customerParams = staffParams.extend({ customerId: z.coerce.number().int().positive() });

/** Empty strings from forms mean "not given". */
const optionalText = (max = 200) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullish());

/**
 * A birthday: a real date, 1901 or later, not in the future. "Today" is the
 * server's UTC day plus one, so a centre east of UTC is never refused a
 * birthday of its own today.
 */
export const birthdaySchema = z
  .string()
  .refine(isRealDate, MSG.birthdayInvalid)
  .refine((v) => v >= '1901-01-01', MSG.birthdayInvalid)
  .refine((v) => v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), MSG.birthdayInFuture);

/** The customer fields every form sends (core-workflow §3, Customer / Appointment plus customer). */
export const customerFieldsSchema = z.object({
  first_name: z.string({ error: MSG.firstNameRequired }).trim().min(1, MSG.firstNameRequired).max(100),
  last_name: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).max(100),
  birthday: z.preprocess((v) => (v === '' ? null : v), birthdaySchema.nullish()),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.email(MSG.emailInvalid).max(200).nullish(),
  ),
  phone: optionalText(50),
  gender: z.coerce
    .number({ error: MSG.genderInvalid })
    .int(MSG.genderInvalid)
    .min(0, MSG.genderInvalid)
    .max(4, MSG.genderInvalid)
    .optional(),
  street: optionalText(),
  // All customers live at German addresses here: a postcode has 5 digits.
  postcode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(/^\d{5}$/, MSG.postcodeInvalid)
      .nullish(),
  ),
  city: optionalText(),
  passport: optionalText(50),
  insurancePolicyNumber: optionalText(30),
  insuranceProviderId: z.number().int().positive().nullish(),
  ikId: z.number().int().positive().nullish(),
});
export type CustomerFields = z.infer<typeof customerFieldsSchema>;

/** The spec's Customer plus the remaining stored fields (passport, insurance). */
export const customerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.number().int(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  passport: z.string().nullable(),
  insurancePolicyNumber: z.string().nullable(),
  insuranceProviderId: z.number().int().nullable(),
  ikId: z.number().int().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMER_SORTS = ['last_name', 'first_name', 'birthday', 'id'] as const;

export const customerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
  sort: z.enum(CUSTOMER_SORTS).default('last_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Part of first, last or full name, case-insensitive. */
  name: z.string().trim().max(100).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const listCustomers = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/customers',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kunden eines Zentrums, seitenweise, sortierbar, nach Namen filterbar',
  params: staffParams,
  query: customerListQuerySchema,
  response: z.object({ items: z.array(customerSchema), total: z.number().int() }),
});

export const getCustomer = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/customers/:customerId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Ein Kunde mit allen Feldern',
  params: customerParams,
  response: customerSchema,
});

export const updateCustomer = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/customers/:customerId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kunde bearbeiten; warnt, wenn Name und Geburtsdatum schon bei einem anderen Kunden stehen',
  params: customerParams,
  body: customerFieldsSchema,
  response: z.object({ customer: customerSchema, warning: z.string().nullable() }),
});

export const insuranceProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iks: z.array(z.object({ id: z.number().int(), nr: z.string() })),
});
export type InsuranceProvider = z.infer<typeof insuranceProviderSchema>;

export const listInsuranceProviders = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/insurance-providers',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Krankenkassen mit ihren IK-Nummern',
  params: staffParams,
  response: z.array(insuranceProviderSchema),
});
