import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';

/** The caller's own open sessions (issue 30); a user never sees or ends another user's. */

export const ownSessionSchema = z.object({
  id: z.string(),
  /** The browser and system in words ('Chrome 126 unter Windows'). */
  browser: z.string(),
  ip: z.string().nullable(),
  /** ISO 8601 instants. */
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const listOwnSessions = endpoint({
  method: 'GET',
  path: '/api/auth/sessions',
  access: { maxRole: ROLE.staff },
  summary: 'Eigene offene Sitzungen (Browser, Adresse, angemeldet, zuletzt aktiv)',
  response: z.array(ownSessionSchema),
});

export const endOwnSession = endpoint({
  method: 'DELETE',
  path: '/api/auth/sessions/:sessionId',
  access: { maxRole: ROLE.staff },
  summary: 'Eine eigene Sitzung beenden (wirkt auf jedem Serverprozess)',
  params: z.object({ sessionId: z.uuid() }),
  response: z.object({ message: z.string() }),
});

export const endOtherSessions = endpoint({
  method: 'POST',
  path: '/api/auth/sessions/end-others',
  access: { maxRole: ROLE.staff },
  summary: 'Alle eigenen Sitzungen außer dieser beenden',
  response: z.object({ ended: z.number().int(), message: z.string() }),
});
