import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const serviceParams = staffParams.extend({ serviceId: z.coerce.number().int().positive() });

export const testTypeSchema = z.object({ id: z.number().int(), label: z.string() });
export type TestType = z.infer<typeof testTypeSchema>;

/** A service of one centre (configuration-admin §3); slot_length and duration in seconds, price in cents. */
export const serviceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  priceTxt: z.string().nullable(),
  test_type: z.number().int().nullable(),
  service_test_v: z.number().int(),
  slot_length: z.number().int(),
  duration: z.number().int(),
  capacity_min: z.number().int(),
  capacity_max: z.number().int(),
  category_id: z.number().int().nullable(),
  catname: z.string().nullable(),
  catalogue_id: z.number().int().nullable(),
  custom: z.boolean(),
  /** The single source of truth for bookability. */
  active: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

/** An entry of the platform catalogue, with the centre's own service if it has one. */
export const catalogueServiceSchema = z.object({
  catalogue_id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  priceTxt: z.string().nullable(),
  test_type: z.number().int().nullable(),
  slot_length: z.number().int(),
  duration: z.number().int(),
  capacity_min: z.number().int(),
  capacity_max: z.number().int(),
  category_id: z.number().int(),
  catname: z.string(),
  /** The centre's service made from this entry (null: never activated). */
  service: serviceSchema.nullable(),
});
export type CatalogueService = z.infer<typeof catalogueServiceSchema>;

/** Service category with its catalogue services ("available services"). */
export const serviceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  services: z.array(catalogueServiceSchema),
});
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;

const seconds = (label: string) =>
  z
    .number({ error: `${label} ist ein Pflichtfeld` })
    .int(`${label} muss in ganzen Minuten angegeben werden`)
    .min(60, `${label} muss mindestens eine Minute sein`)
    .max(24 * 3600, `${label} darf höchstens 24 Stunden sein`)
    .refine((v) => v % 60 === 0, `${label} muss in ganzen Minuten angegeben werden`);

const slots = (label: string) =>
  z
    .number({ error: `${label} ist ein Pflichtfeld` })
    .int(`${label} muss eine ganze Zahl sein`)
    .min(1, `${label} muss mindestens 1 sein`)
    .max(1000, `${label} darf höchstens 1000 sein`);

export const CAPACITY_ORDER_MESSAGE = 'Die minimalen Plätze dürfen nicht größer als die maximalen Plätze sein.';

/** Create and edit body: the form's minutes travel as seconds. */
export const serviceInputSchema = z
  .object({
    staff_id: z.number().int().positive().optional(),
    title: z
      .string({ error: 'Titel ist ein Pflichtfeld' })
      .trim()
      .min(1, 'Titel ist ein Pflichtfeld')
      .max(200, 'Der Titel darf höchstens 200 Zeichen lang sein'),
    price: z
      .number({ error: 'Preis ist ein Pflichtfeld' })
      .int('Der Preis wird in Cent übertragen')
      .min(0, 'Der Preis darf nicht negativ sein')
      .max(100_000_00, 'Der Preis ist zu hoch'),
    priceTxt: z.string().trim().max(200).nullish(),
    test_type: z.number().int().positive().nullish(),
    slot_length: seconds('Slotlänge'),
    duration: seconds('Termindauer'),
    capacity_min: slots('Minimale Plätze'),
    capacity_max: slots('Maximale Plätze'),
    category_id: z.number().int().positive().nullish(),
  })
  .refine((s) => s.capacity_min <= s.capacity_max, { message: CAPACITY_ORDER_MESSAGE, path: ['capacity_min'] });
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/** One row of the activation list: a catalogue entry or an own service, selected or not. */
export const activationItemSchema = z
  .object({
    catalogue_id: z.number().int().positive().nullish(),
    service_id: z.number().int().positive().nullish(),
    active: z.boolean(),
    test_type: z.number().int().positive().nullish(),
    capacity_max: slots('Maximale Plätze').optional(),
    /** Seconds (the table shows minutes). */
    duration: seconds('Termindauer').optional(),
  })
  .refine((i) => (i.catalogue_id == null) !== (i.service_id == null), {
    message: 'Jede Zeile braucht entweder catalogue_id oder service_id',
  });

export const activationBodySchema = z.object({
  staff_id: z.number().int().positive().optional(),
  services: z.array(activationItemSchema).max(1000),
});

export const listServices = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Dienstleistungen des Zentrums (aktive und inaktive; active ist maßgeblich)',
  params: staffParams,
  response: z.array(serviceSchema),
});

export const listAvailableServices = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services/available',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Verfügbare Dienstleistungen der Plattform nach Kategorie, mit der Aktivierung des Zentrums',
  params: staffParams,
  response: z.array(serviceCategorySchema),
});

export const listCustomServices = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services/custom',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Eigene Dienstleistungen des Zentrums',
  params: staffParams,
  response: z.array(serviceSchema),
});

export const listTestTypes = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services/test-types',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Testarten',
  params: staffParams,
  response: z.array(testTypeSchema),
});

export const listServiceCategories = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services/categories',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Kategorien der Dienstleistungen',
  params: staffParams,
  response: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const getService = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/services/:serviceId',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Eine Dienstleistung des Zentrums',
  params: serviceParams,
  response: serviceSchema,
});

export const createService = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/services',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Eigene Dienstleistung anlegen (inaktiv, bis sie in der Liste aktiviert wird)',
  params: staffParams,
  body: serviceInputSchema,
  response: z.object({ service: serviceSchema, message: z.string() }),
});

export const updateService = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/services/:serviceId',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Dienstleistung bearbeiten',
  params: serviceParams,
  body: serviceInputSchema,
  response: z.object({ service: serviceSchema, message: z.string() }),
});

export const activateServices = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/services/activation',
  access: { maxRole: ROLE.manager, tenant: 'staffId' },
  summary: 'Dienstleistungen durch Auswahl aktivieren und deaktivieren (mit Testart, Plätzen, Minuten)',
  params: staffParams,
  body: activationBodySchema,
  response: z.object({ services: z.array(serviceSchema), message: z.string() }),
});
