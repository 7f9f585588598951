import { SPINNER_MIN_MS } from '@tz/shared/constants';
import { describe, expect, it } from 'vitest';
import { startSpinnerRemainingMs } from './start-spinner';

describe('start spinner', () => {
  it('stays the spec minimum on the first start of a tab', () => {
    expect(startSpinnerRemainingMs(200, true)).toBe(SPINNER_MIN_MS - 200);
    expect(startSpinnerRemainingMs(SPINNER_MIN_MS + 5, true)).toBe(0);
  });

  it('goes at once after a reload, never covering a drawn screen', () => {
    expect(startSpinnerRemainingMs(0, false)).toBe(0);
    expect(startSpinnerRemainingMs(200, false)).toBe(0);
  });
});
