import { z } from 'zod';
import { CENTRE_TYPES, ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { multiline } from '../http/safe-input';
import { MSG } from '../messages';

export const hostBrandingSchema = z.object({
  host: z.string(),
  brand: z.string(),
  logo_url: z.string().nullable(),
  api_url: z.string().nullable(),
  cert_system_url: z.string().nullable(),
  declaration_url: z.string().nullable(),
  statistik_url: z.string().nullable(),
  faq_url: z.string().nullable(),
  instant_booking_url: z.string().nullable(),
});
export type HostBranding = z.infer<typeof hostBrandingSchema>;

export const getHostBranding = endpoint({
  method: 'GET',
  path: '/api/public/host',
  access: { public: true },
  summary: 'Branding für den aufgerufenen Hostnamen (unbekannt: Fehlercode NT)',
  response: hostBrandingSchema,
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
  version: z.string(),
});

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  access: { public: true },
  summary: 'Betriebszustand: Datenbankart und Migrationsstand',
  response: healthSchema,
});

export const clientErrorSchema = z.object({
  message: multiline(z.string().max(2000)),
  stack: multiline(z.string().max(10000)).optional(),
  url: z.string().max(2000).optional(),
});

export const reportClientError = endpoint({
  method: 'POST',
  path: '/api/public/client-errors',
  access: { public: true },
  summary: 'Fehler aus dem Browser protokollieren (ohne Sentry-DSN)',
  body: clientErrorSchema,
  response: z.object({ ok: z.literal(true) }),
});

export const testCentreSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  city: z.string().nullable(),
  testcenter: z.boolean(),
  /** Deactivated by the platform: its users cannot log in; its data is kept. */
  deactivated: z.boolean(),
});
export type TestCentre = z.infer<typeof testCentreSchema>;

/** Centres per page of the platform's centre list (a platform hosts thousands). */
export const TEST_CENTRES_PAGE_SIZE = 50;

export const testCentresQuerySchema = z.object({
  /** Words that must each be found in the name or the city, or be the centre's id. */
  q: z.string().trim().max(200, 'Der Suchbegriff darf höchstens 200 Zeichen lang sein').optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
});
export type TestCentresQuery = z.infer<typeof testCentresQuerySchema>;

export const testCentresPageSchema = z.object({
  rows: z.array(testCentreSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TestCentresPage = z.infer<typeof testCentresPageSchema>;

export const listTestCentres = endpoint({
  method: 'GET',
  path: '/api/platform/centres',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Testzentren der Plattform, neueste zuerst: Suche nach Name, Ort oder ID, seitenweise',
  query: testCentresQuerySchema,
  response: testCentresPageSchema,
});

export const testCentreUserSchema = z.object({
  name: z.string().trim().min(1, 'Bitte einen Namen angeben').max(200),
  email: z.email('Bitte eine gültige E-Mail-Adresse angeben').max(254),
  password: z.string().min(8, 'Das Passwort muß mindestens 8 Zeichen lang sein').max(200),
  staff_id: z.number().int().positive(),
});

export const createTestCentreUser = endpoint({
  method: 'POST',
  path: '/api/platform/centres/:staffId/user',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Ersten Benutzer eines Zentrums anlegen und das Zentrum aktivieren',
  params: z.object({ staffId: z.coerce.number().int().positive() }),
  body: testCentreUserSchema,
  response: z.object({ id: z.number().int(), message: z.string() }),
});

const centreParams = z.object({ staffId: z.coerce.number().int().positive() });

export const newTestCentreSchema = z.object({
  full_name: z.string().trim().min(1, 'Bitte einen Namen angeben').max(200),
  city: z.string().trim().min(1, 'Bitte einen Ort angeben').max(200),
  type: z.enum(CENTRE_TYPES.map((t) => t.id) as [string, ...string[]], { message: MSG.centreTypeUnknown }),
});
export type NewTestCentre = z.infer<typeof newTestCentreSchema>;

export const createTestCentre = endpoint({
  method: 'POST',
  path: '/api/platform/centres',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Neues Zentrum anlegen (noch nicht aktiviert)',
  body: newTestCentreSchema,
  response: z.object({ id: z.number().int(), message: z.string() }),
});

export const setTestCentreActive = endpoint({
  method: 'POST',
  path: '/api/platform/centres/:staffId/active',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Zentrum deaktivieren (Anmeldung gesperrt, Daten bleiben) oder wieder aktivieren',
  params: centreParams,
  body: z.object({ active: z.boolean() }),
  response: z.object({ id: z.number().int(), deactivated: z.boolean(), message: z.string() }),
});

export const adoptTestCentre = endpoint({
  method: 'POST',
  path: '/api/platform/centres/:staffId/adopt',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Die ID eines Zentrums als Arbeits-ID übernehmen (protokolliert)',
  params: centreParams,
  response: z.object({ id: z.number().int(), message: z.string() }),
});
