import { addDays, dateInZone, zonedInstant } from '@tz/shared/rules/time-zone';
import { jwtVerify, SignJWT } from 'jose';
import { now as clockNow, nowMs } from '../../clock';

/** How long a form link stays valid at least. */
export const FORM_TOKEN_TTL_DAYS = 14;

/**
 * The audience of form tokens. Session tokens carry none and form tokens carry
 * no session id, so neither is ever accepted in place of the other.
 */
export const FORM_TOKEN_AUDIENCE = 'tz:check-in-form';

export interface FormTokenClaims {
  /** customer_appointment_id */
  cai: number;
  /** form id */
  fid: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * When a form link expires: FORM_TOKEN_TTL_DAYS after it was made, and never
 * before the end of the appointment's day in the centre's time zone (the
 * following midnight), so an invitation for an appointment weeks ahead still
 * opens on the day itself.
 */
export function formTokenExpiry(now: Date, appointmentStart: Date, timeZone: string): Date {
  const minimum = new Date(now.getTime() + FORM_TOKEN_TTL_DAYS * 24 * 3600 * 1000);
  const endOfDay = zonedInstant(addDays(dateInZone(appointmentStart, timeZone), 1), '00:00', timeZone);
  return endOfDay > minimum ? endOfDay : minimum;
}

/** The last day ('YYYY-MM-DD', centre time) on which a link expiring at `expiresAt` still opens. */
export const lastValidDay = (expiresAt: Date, timeZone: string) =>
  dateInZone(new Date(expiresAt.getTime() - 1), timeZone);

export async function signFormToken(secret: string, claims: FormTokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ cai: claims.cai, fid: claims.fid })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(FORM_TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(nowMs() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

/** Null for anything that is not a valid, unexpired form token of ours. */
export async function verifyFormToken(secret: string, token: string): Promise<FormTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: FORM_TOKEN_AUDIENCE,
      currentDate: clockNow(),
    });
    if (!Number.isInteger(payload.cai) || !Number.isInteger(payload.fid)) return null;
    return { cai: payload.cai as number, fid: payload.fid as number };
  } catch {
    return null;
  }
}
