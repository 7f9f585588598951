import { z } from 'zod';

/** The text for a required field that is missing (zod's German locale would say "erhalten undefined"). */
export const MISSING_FIELD = 'Dieses Feld fehlt.';

/**
 * zod's German messages, with the one that leaks a JavaScript word replaced:
 * a missing required field. Everything else comes from zod's German locale.
 */
export function useGermanZodMessages() {
  const { localeError } = z.locales.de();
  z.config({
    localeError,
    customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? MISSING_FIELD : undefined),
  });
}
