import type { FastifyRequest } from 'fastify';

/**
 * Where links in mails to customers start (booking confirmation, cancel link,
 * questionnaire): the origin the customer used, so the link opens on the same
 * host and branding. The one place to switch to a configured public base URL
 * (issue 16) once that exists.
 */
export const publicLinkBase = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
