import { fieldErrorsOf } from '@tz/shared/http/field-errors';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';

/**
 * The text of a failed search (core-workflow §8 Search): a refused search text
 * with the server's reason (too long, empty), no answer as 'Search failed',
 * anything else as the spec's 'Etwas ist schief gelaufen mit der Suche'.
 */
export function searchErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return MSG.searchNoResponse;
  const refused = fieldErrorsOf(error.details).find((d) => d.field === 'queryString');
  if (error.status === 400 && refused) return refused.message;
  return MSG.searchFailed;
}
