import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { searchErrorText } from './search-error';

describe('the text of a failed search', () => {
  it('says why a search text was refused (too long)', () => {
    const refused = new ApiError(400, 'VALIDATION', MSG.invalidInput, [
      { field: 'queryString', message: MSG.searchQueryTooLong },
    ]);
    expect(searchErrorText(refused)).toBe(MSG.searchQueryTooLong);
  });

  it("keeps the spec's texts for a failure and for no answer", () => {
    expect(searchErrorText(new ApiError(500, 'INTERNAL', 'x'))).toBe(MSG.searchFailed);
    expect(searchErrorText(new ApiError(400, 'VALIDATION', 'x'))).toBe(MSG.searchFailed);
    expect(searchErrorText(new ApiError(0, 'NETWORK', 'x'))).toBe(MSG.searchNoResponse);
    expect(searchErrorText(new TypeError('Failed to fetch'))).toBe(MSG.searchNoResponse);
  });
});
