import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser a sign-in comes from: a long-lived random cookie (`tz_browser`), sent only to the sign-in
 * routes, never readable by scripts. The database keeps its SHA-256 per user (known_browsers), so a
 * stolen database names no cookie. A browser without it gets a new one at its next complete sign-in.
 */

const NAME = 'tz_browser';
/** 400 days, the most browsers keep a cookie. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

export interface BrowserCookie {
  /** The cookie's value, if the browser sent one that looks like ours. */
  token: string | undefined;
  /** Gives the browser its cookie (called once, with a new token, when it had none). */
  set(token: string): void;
}

export const newBrowserToken = () => randomBytes(32).toString('base64url');
export const hashBrowserToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function browserCookie(req: FastifyRequest, reply: FastifyReply): BrowserCookie {
  const sent = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  return {
    token: sent && /^[A-Za-z0-9_-]{43}$/.test(sent) ? sent : undefined,
    set(token) {
      const secure = req.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${NAME}=${token}; Path=/api/auth; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}
