import { SECURITY_MSG } from '@tz/shared/messages';
import { germanDateOf, germanTimeOf } from '@tz/shared/rules/german-date';
import { describeUserAgent } from '@tz/shared/rules/user-agent';
import type { BrowserCookie } from '../../auth/browser-cookie';
import { hashBrowserToken, newBrowserToken } from '../../auth/browser-cookie';
import { now } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../mail/mail-outbox';
import * as repo from './auth.repository';

export interface SignInContext {
  ip: string;
  userAgent: string | undefined;
  browser: BrowserCookie;
}

/**
 * Knows the browser of a complete sign-in by its cookie. A browser this user has not signed in with
 * before is remembered and the user gets a German notice by mail (through the outbox, in the sign-in's
 * transaction), except at the very first sign-in of the account: there is nothing to compare with yet.
 * The notice is the product's, not the centre's: it goes out under MAIL_FROM without the centre's footer.
 */
export async function recogniseBrowser(
  tx: DbOrTx,
  user: { id: number; staff_id: number; name: string; email: string },
  ctx: SignInContext,
  timeZone: string,
) {
  const sent = ctx.browser.token;
  if (sent && (await repo.touchKnownBrowser(tx, user.id, hashBrowserToken(sent)))) return;
  const first = !(await repo.hasKnownBrowser(tx, user.id));
  // A browser that has a cookie (another user of a shared computer got it) keeps it.
  const token = sent ?? newBrowserToken();
  await repo.rememberBrowser(tx, {
    user_id: user.id,
    staff_id: user.staff_id,
    browser_hash: hashBrowserToken(token),
    user_agent: ctx.userAgent,
  });
  if (!sent) ctx.browser.set(token);
  if (first) return;
  await enqueueMail(tx, {
    staff_id: null,
    kind: 'new_browser_sign_in',
    to: user.email,
    subject: SECURITY_MSG.noticeSubject,
    text: newBrowserNoticeText({ ...user, at: now(), timeZone, browser: describeUserAgent(ctx.userAgent), ip: ctx.ip }),
  });
}

export function newBrowserNoticeText(n: {
  name: string;
  email: string;
  at: Date;
  timeZone: string;
  browser: string;
  ip: string;
}) {
  return [
    `Guten Tag ${n.name},`,
    '',
    `Ihr Zugang ${n.email} wurde in einem Browser angemeldet, mit dem Sie sich bisher nicht angemeldet hatten:`,
    '',
    `Zeit: ${germanDateOf(n.at, n.timeZone)}, ${germanTimeOf(n.at, n.timeZone)} Uhr`,
    `Browser: ${n.browser}`,
    `Adresse: ${n.ip}`,
    '',
    'Waren Sie das? Dann ist nichts weiter zu tun.',
    '',
    'Nicht Sie? Dann ändern Sie bitte sofort Ihr Passwort, beenden Sie unter „Mein Zugang“ alle anderen Sitzungen und informieren Sie die Leitung Ihres Zentrums.',
    '',
    'Mit freundlichen Grüßen',
    'Testzentrum Backoffice',
  ].join('\n');
}
