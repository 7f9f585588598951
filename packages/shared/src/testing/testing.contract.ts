import { z } from 'zod';
import { endpoint } from '../http/endpoint';

/**
 * Endpoints for the end-to-end tests only: the server registers them when
 * TEST_API is set, which production refuses. They let every test run at a
 * chosen moment and work in centres of its own.
 */

export const setTestClock = endpoint({
  method: 'PUT',
  path: '/api/test/clock',
  access: { public: true },
  summary: 'Nur Tests: stellt die Uhr des Servers; sie läuft von dort weiter',
  body: z.object({ now: z.iso.datetime({ offset: true }) }),
  response: z.object({ now: z.string() }),
});

export const testCentresSchema = z.object({
  tag: z.string(),
  /** The server's clock when the centres were made (ISO 8601). */
  now: z.string(),
  test_centre_id: z.number().int(),
  vaccination_centre_id: z.number().int(),
  /** A centre not yet activated (the platform activates it by creating its first user). */
  inactive_centre_id: z.number().int(),
  /** E-mail addresses; the password is the demo's. */
  logins: z.object({
    platform: z.string(),
    admin: z.string(),
    manager: z.string(),
    staff: z.string(),
    vaccination_admin: z.string(),
    /** The administrator of the demo pharmacy (consumables feature on). */
    pharmacy: z.string(),
  }),
  /** Appointment tokens of the seeded rows the official form and questionnaire tests open by link. */
  tokens: z.object({
    oegd: z.string(),
    positive: z.string(),
    form_open: z.string(),
    form_with_warnings: z.string(),
    form_vaccination: z.string(),
  }),
});
export type TestCentres = z.infer<typeof testCentresSchema>;

export const createTestCentres = endpoint({
  method: 'POST',
  path: '/api/test/centres',
  access: { public: true },
  summary: 'Nur Tests: legt einen Satz Demo-Zentren mit eigenen Zugängen an (Tag um die Uhr des Servers)',
  response: testCentresSchema,
});

export const testMailSchema = z.object({
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});

/** The outbox of one centre, oldest first: the e2e tests read mailed links here (no SMTP server). */
export const listTestMails = endpoint({
  method: 'GET',
  path: '/api/test/centres/:staffId/mails',
  access: { public: true },
  summary: 'Nur Tests: die Mails eines Zentrums im Postausgang',
  params: z.object({ staffId: z.coerce.number().int().positive() }),
  response: z.array(testMailSchema),
});
