import { describe, expect, it } from 'vitest';
import { canInviteToForm, hasFormWarnings, isCheckedIn, isFilledWithoutWarnings, isFormFilled } from './checked-in';

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
});
