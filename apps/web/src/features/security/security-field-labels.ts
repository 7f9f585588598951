import { SECURITY_MSG } from '@tz/shared/messages';

/** The second factor's forms, keyed by their request bodies (a refused field is marked by its label). */
export const SIGN_IN_CODE_LABELS = { code: SECURITY_MSG.codeLabel };
export const SETUP_CODE_LABELS = { code: 'Code aus der App' };
export const DISABLE_LABELS = { password: 'Passwort' };
export const PLATFORM_GRACE_LABELS = { admin_totp_required_from: 'Pflicht ab' };
