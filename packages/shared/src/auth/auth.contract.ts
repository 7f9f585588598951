import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

export const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

/**
 * A sign-in that still needs the second factor: 'totp' (enter the code) or
 * 'totp_setup' (set it up first); null when the sign-in is complete.
 */
export const secondFactorSchema = z.enum(['totp', 'totp_setup']).nullable();

/**
 * The spec's login answer (core-workflow §7), plus `second_factor` (issue 30): while it is not null, the
 * token belongs to a short sign-in step that reaches only the code or set-up routes.
 */
export const loginResponseSchema = z.object({
  token: z.string(),
  name: z.string(),
  id: z.number().int(),
  role_id: z.number().int(),
  bookly_staff_id: z.number().int(),
  email: z.string(),
  testcenter_email: z.string().nullable(),
  expiration: z.number().int(),
  last_seen_news_item: z.string().nullable(),
  error: z.null(),
  second_factor: secondFactorSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  active: z.number().int(),
  staff_id: z.number().int(),
  last_seen_news_item: z.string().nullable(),
  expiration: z.number().int(),
});

export const sessionCentreSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  type: z.string(),
  consumables: z.boolean(),
  certificate_product: z.boolean(),
  pcr_sidebar: z.boolean(),
  health_department_testcenter_id: z.string().nullable(),
  email: z.string().nullable(),
});

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  centre: sessionCentreSchema,
  health_department_testcenter_id: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionResponseSchema>;

export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  access: { public: true },
  summary: 'Anmeldung mit E-Mail und Passwort',
  body: loginBodySchema,
  response: loginResponseSchema,
});

export const getSession = endpoint({
  method: 'GET',
  path: '/api/auth/session',
  access: { maxRole: ROLE.staff },
  summary: 'Aktuelle Sitzung: Benutzer und Zentrum',
  response: sessionResponseSchema,
});

/**
 * The same answer for the centre the caller works for: their own, or for a platform
 * admin the centre whose ID they adopted (its type and features decide the sidebar).
 */
export const getCentreSession = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/session',
  access: { maxRole: ROLE.staff, tenant: 'staffId' },
  summary: 'Aktuelle Sitzung mit dem Zentrum, für das gearbeitet wird (Plattform: übernommene ID)',
  params: z.object({ staffId: z.coerce.number().int().positive() }),
  response: sessionResponseSchema,
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  // also ends a sign-in that waits for its second factor (Abbrechen)
  access: { maxRole: ROLE.staff, stages: ['full', 'totp', 'totp_setup'] },
  summary: 'Abmelden (Sitzung serverseitig widerrufen)',
  response: z.object({ ok: z.literal(true) }),
});
