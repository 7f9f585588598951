import { z } from 'zod';
import { ROLE } from '../constants';
import { endpoint } from '../http/endpoint';
import { SECURITY_MSG } from '../messages';
import { loginResponseSchema } from './auth.contract';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and recovery codes (issue 30).
 * The own routes live under /api/auth (no centre in the path: a user only ever reaches their own);
 * the centre's and the platform's rules and the administrator's reset under their areas' paths.
 */

const staffParams = z.object({ staffId: z.coerce.number().int().positive() });
const userParams = staffParams.extend({ userId: z.coerce.number().int().positive() });

/** Six digits from the app, or a recovery code (16 characters, dashes and spaces allowed). */
export const codeSchema = z.string().trim().min(1, SECURITY_MSG.codeRequired).max(40, SECURITY_MSG.wrongCode);

export const completeSecondFactor = endpoint({
  method: 'POST',
  path: '/api/auth/second-factor',
  access: { maxRole: ROLE.staff, stages: ['totp'] },
  summary: 'Anmeldung abschließen: Code der Authenticator-App oder Wiederherstellungscode',
  body: z.object({ code: codeSchema }),
  response: loginResponseSchema,
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The user may not turn it off (centre setting, or platform admin past the platform's date). */
  required: z.boolean(),
  /** Why it is (or will be) required, in words; null when nothing requires it. */
  required_reason: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const getTwoFactor = endpoint({
  method: 'GET',
  path: '/api/auth/two-factor',
  access: { maxRole: ROLE.staff },
  summary: 'Eigene Zwei-Faktor-Anmeldung: ein oder aus, vorgeschrieben, verbleibende Wiederherstellungscodes',
  response: twoFactorStatusSchema,
});

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as an SVG QR code, made on the server (no outside service). */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const startTwoFactorSetup = endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/setup',
  access: { maxRole: ROLE.staff, stages: ['full', 'totp_setup'] },
  summary: 'Einrichtung beginnen: neuer Schlüssel als QR-Code und Text (gilt erst nach Bestätigung)',
  response: twoFactorSetupSchema,
});

export const confirmTwoFactor = endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/confirm',
  access: { maxRole: ROLE.staff, stages: ['full', 'totp_setup'] },
  summary: 'Einrichtung mit einem aktuellen Code bestätigen; liefert einmalig zehn Wiederherstellungscodes',
  body: z.object({ code: codeSchema }),
  response: z.object({
    recovery_codes: z.array(z.string()),
    message: z.string(),
    /** When the set-up was the last step of a sign-in: the full sign-in. */
    login: loginResponseSchema.nullable(),
  }),
});

export const disableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/auth/two-factor/disable',
  access: { maxRole: ROLE.staff },
  summary: 'Zwei-Faktor-Anmeldung ausschalten (mit dem Passwort; nicht, wenn vorgeschrieben)',
  body: z.object({ password: z.string().min(1, SECURITY_MSG.passwordRequired).max(200) }),
  response: z.object({ message: z.string() }),
});

export const listTwoFactorUsers = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/two-factor/users',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Benutzer des Zentrums mit eingeschalteter Zwei-Faktor-Anmeldung (ohne Schlüssel)',
  params: staffParams,
  response: z.array(z.object({ user_id: z.number().int(), enabled_at: z.string() })),
});

export const resetTwoFactor = endpoint({
  method: 'POST',
  path: '/api/staff/:staffId/users/:userId/two-factor/reset',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Zwei-Faktor-Anmeldung eines Benutzers zurücksetzen (beendet seine Sitzungen)',
  params: userParams,
  response: z.object({ message: z.string() }),
});

export const centreTwoFactorSchema = z.object({ required: z.boolean() });

export const getCentreTwoFactor = endpoint({
  method: 'GET',
  path: '/api/staff/:staffId/account/two-factor',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Ob das Zentrum die Zwei-Faktor-Anmeldung für alle Benutzer vorschreibt',
  params: staffParams,
  response: centreTwoFactorSchema,
});

export const setCentreTwoFactor = endpoint({
  method: 'PUT',
  path: '/api/staff/:staffId/account/two-factor',
  access: { maxRole: ROLE.admin, tenant: 'staffId' },
  summary: 'Zwei-Faktor-Anmeldung für alle Benutzer des Zentrums vorschreiben oder nicht',
  params: staffParams,
  body: z.object({ required: z.boolean(), staff_id: z.number().int().positive().optional() }),
  response: centreTwoFactorSchema.extend({ message: z.string() }),
});

export const platformSecuritySchema = z.object({
  /** yyyy-MM-dd (Europe/Berlin): from this day on platform admins must use the second factor. */
  admin_totp_required_from: z.string().nullable(),
});

export const getPlatformSecurity = endpoint({
  method: 'GET',
  path: '/api/platform/security',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Stichtag, ab dem Plattform-Administratoren die Zwei-Faktor-Anmeldung nutzen müssen',
  response: platformSecuritySchema,
});

export const setPlatformSecurity = endpoint({
  method: 'PUT',
  path: '/api/platform/security',
  access: { maxRole: ROLE.platformAdmin },
  summary: 'Stichtag der Zwei-Faktor-Pflicht für Plattform-Administratoren setzen (Ende der Übergangsfrist)',
  body: z.object({ admin_totp_required_from: z.iso.date() }),
  response: platformSecuritySchema.extend({ message: z.string() }),
});
