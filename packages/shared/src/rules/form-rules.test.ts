import { describe, expect, it } from 'vitest';
import {
  failingQuestionIds,
  followUpsVisible,
  formActionState,
  parseValidation,
  submissionBits,
  violatesPreferred,
  visibleQuestions,
} from './form-rules';

describe('questionnaire rules', () => {
  it('parses the pipe-separated validation string', () => {
    expect(parseValidation('required|preferred:false|extended:true|min:1|max:20|max_length:40')).toEqual({
      required: true,
      preferred: 'false',
      extended: 'true',
      min: 1,
      max: 20,
      maxLength: 40,
    });
    expect(parseValidation('')).toEqual({ required: false });
    expect(parseValidation('extended:vielleicht').extended).toBeUndefined();
  });

  it('shows follow-ups only when the answer equals the extended value', () => {
    expect(followUpsVisible('extended:true', 'true')).toBe(true);
    expect(followUpsVisible('extended:true', 'false')).toBe(false);
    expect(followUpsVisible('extended:false', false)).toBe(true);
    expect(followUpsVisible('required', 'true')).toBe(false);
    const qs = [{ id: 1, validation: 'extended:true', extended_questions: [{ id: 2, validation: 'required' }] }];
    expect(visibleQuestions(qs, new Map([[1, 'true']])).map((q) => q.id)).toEqual([1, 2]);
    expect(visibleQuestions(qs, new Map([[1, 'false']])).map((q) => q.id)).toEqual([1]);
  });

  it('marks a question failing when its answer differs from the preferred value', () => {
    expect(violatesPreferred('preferred:false', 'true')).toBe(true);
    expect(violatesPreferred('preferred:false', 'false')).toBe(false);
    expect(violatesPreferred('preferred:false', '')).toBe(false);
    expect(violatesPreferred('required', 'true')).toBe(false);
    const qs = [
      {
        id: 1,
        validation: 'preferred:false|extended:true',
        extended_questions: [{ id: 2, validation: 'preferred:x' }],
      },
      { id: 3, validation: 'preferred:true' },
    ];
    expect(
      failingQuestionIds(
        qs,
        new Map([
          [1, 'true'],
          [2, 'y'],
          [3, 'true'],
        ]),
      ),
    ).toEqual([1, 2]);
    // A hidden follow-up never fails.
    expect(
      failingQuestionIds(
        qs,
        new Map([
          [1, 'false'],
          [2, 'y'],
        ]),
      ),
    ).toEqual([]);
  });

  it('sets bit 4 always and bit 2 only without warnings', () => {
    expect(submissionBits(false)).toBe(6);
    expect(submissionBits(true)).toBe(4);
  });

  it('offers the invitation only without bit 4 and flags bit 4 without bit 2', () => {
    expect(formActionState(0, '1')).toEqual({
      canInvite: true,
      filled: false,
      withWarnings: false,
      vaccination: false,
    });
    expect(formActionState(1, '1').canInvite).toBe(true);
    expect(formActionState(4, '1')).toEqual({ canInvite: false, filled: true, withWarnings: true, vaccination: false });
    expect(formActionState(7, '2')).toEqual({ canInvite: false, filled: true, withWarnings: false, vaccination: true });
    expect(formActionState(2, '1').filled).toBe(false);
  });
});
