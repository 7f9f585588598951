import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through the `otpauth`
 * library. A code is accepted from the step before to the step after the server's (±30 s of clock drift);
 * the caller stores the accepted step so that the same code, or an older one, is never accepted again.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** The product's name in the authenticator app (the issuer of the otpauth URI). */
export const TOTP_ISSUER = 'Testzentrum Backoffice';

/** 160 random bits, base32: what the app stores and the user may type by hand. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The 30-second step an instant falls into. */
export const totpStepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);

function totp(secret: string, label = 'Zugang') {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret) });
}

/**
 * The otpauth URI the QR code carries: the product as issuer, the centre and the user's e-mail as label
 * (colons would split issuer and label, so none remain in the label).
 */
export function otpauthUri(secret: string, centreName: string, email: string) {
  return totp(secret, `${centreName} – ${email}`.replace(/:/g, ' ')).toString();
}

/** The step of the code if it is one of the three steps around `atMs`, else null. */
export function matchingStep(secret: string, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window: 1 });
  return delta === null ? null : totpStepAt(atMs) + delta;
}

/** The code of an instant (tests compute what the user's app would show). */
export const totpCodeAt = (secret: string, atMs: number) => totp(secret).generate({ timestamp: atMs });
