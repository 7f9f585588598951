import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canInviteToForm,
  hasFormWarnings,
  isCheckedIn,
  isFilledWithoutWarnings,
  isFormFilled,
  withCheckedIn,
} from './checked-in';

describe('checked_in bitmask', () => {
  it('reads the bits', () => {
    expect(isCheckedIn(0)).toBe(false);
    expect(isCheckedIn(1)).toBe(true);
    expect(isCheckedIn(4)).toBe(false);
    expect(isFormFilled(4)).toBe(true);
    expect(isFormFilled(2)).toBe(false);
    expect(isFilledWithoutWarnings(6)).toBe(true);
    expect(isFilledWithoutWarnings(2)).toBe(false);
  });

  it('treats bit 4 without bit 2 as filled with warnings', () => {
    expect(hasFormWarnings(4)).toBe(true);
    expect(hasFormWarnings(5)).toBe(true);
    expect(hasFormWarnings(6)).toBe(false);
    expect(hasFormWarnings(1)).toBe(false);
  });

  it('allows the questionnaire invitation only without bit 4', () => {
    expect(canInviteToForm(0)).toBe(true);
    expect(canInviteToForm(3)).toBe(true);
    expect(canInviteToForm(4)).toBe(false);
    expect(canInviteToForm(7)).toBe(false);
  });

  it('sets and clears bit 1 only, keeping the form bits', () => {
    expect(withCheckedIn(0, true)).toBe(1);
    expect(withCheckedIn(6, true)).toBe(7);
    expect(withCheckedIn(7, false)).toBe(6);
    expect(withCheckedIn(4, false)).toBe(4);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.boolean(), (v, on) => {
        const next = withCheckedIn(v, on);
        expect(isCheckedIn(next)).toBe(on);
        expect(next & 6).toBe(v & 6);
      }),
    );
  });
});
