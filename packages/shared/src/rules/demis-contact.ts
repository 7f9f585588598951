/**
 * Contact data as DEMIS' profiles accept it (NotifiedPerson, NotifierFacility):
 * phone numbers must match DEMIS' pattern, names must not contain digits or
 * certain special characters. Shared, because the eligibility rule (server and
 * screen) needs the same phone test as the bundle.
 */

/** DEMIS' pattern for a phone number (ContactPoint.value of system phone). */
export const DEMIS_PHONE_PATTERN = /^[0+][0-9 \-()]{6,50}$/;

/** Characters DEMIS refuses in a person's name (besides digits). */
export const DEMIS_NAME_FORBIDDEN_CHARS = '@*?$|=´"[]{}<>';
const FORBIDDEN_IN_NAME = /[0-9@*?$|=´"[\]{}<>]/;

/**
 * The phone number in a form DEMIS accepts, or null when it cannot be made so
 * without guessing. Only changes that keep every digit in its place: a leading
 * label ("Tel.:"), slashes and dots as separators, runs of blanks.
 */
export function normaliseDemisPhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const phone = raw
    .replace(/[\u00a0\t]/g, ' ')
    .trim()
    .replace(/^(tel(efon)?|mobil|handy|fon)\.?\s*:?\s*/i, '')
    .replace(/[/.]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return DEMIS_PHONE_PATTERN.test(phone) ? phone : null;
}

/** A plausible e-mail address (one @, no blanks, a dot in the domain). */
export function isDemisEmail(raw: string | null | undefined): boolean {
  return !!raw && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.trim());
}

/** True when DEMIS would refuse this name part (empty, digits or a forbidden character). */
export function demisNameRefused(name: string | null | undefined): boolean {
  return !name?.trim() || FORBIDDEN_IN_NAME.test(name);
}
