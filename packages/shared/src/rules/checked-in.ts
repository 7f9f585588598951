import { CHECKED_IN } from '../constants';

/**
 * The checked_in bitmask (core-workflow §4): bit 1 checked in, bit 2 the form
 * was filled without warnings, bit 4 the form was filled. Bit 4 without bit 2
 * means filled with warnings.
 */
export const isCheckedIn = (value: number) => (value & CHECKED_IN.checkedIn) !== 0;
export const isFormFilled = (value: number) => (value & CHECKED_IN.filled) !== 0;
export const isFilledWithoutWarnings = (value: number) =>
  isFormFilled(value) && (value & CHECKED_IN.filledWithoutWarnings) !== 0;
export const hasFormWarnings = (value: number) => isFormFilled(value) && !isFilledWithoutWarnings(value);
/** Without bit 4 the customer can still be invited to the questionnaire. */
export const canInviteToForm = (value: number) => !isFormFilled(value);
