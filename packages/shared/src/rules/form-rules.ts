import { CHECKED_IN, VACCINATION_CENTRE_TYPE } from '../constants';

/**
 * Pure rules of the check-in questionnaire (core-workflow §3, §4), shared by
 * the server (validation, bitmask) and the web app (follow-ups, markings).
 */

export const QUESTION_TYPES = [
  'text',
  'input',
  'number',
  'boolean',
  'date',
  'select',
  'testv',
  'signature',
  'html',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface ValidationRules {
  required: boolean;
  /** The answer the centre hopes for; any other answer is a warning. */
  preferred?: string;
  /** Follow-up questions appear only when the answer equals this value. */
  extended?: 'true' | 'false';
  min?: number;
  max?: number;
  maxLength?: number;
}

/** Parses the pipe-separated rule string, e.g. `required|preferred:false|extended:true`. */
export function parseValidation(validation: string | null | undefined): ValidationRules {
  const rules: ValidationRules = { required: false };
  for (const raw of (validation ?? '').split('|')) {
    const part = raw.trim();
    if (!part) continue;
    const i = part.indexOf(':');
    const name = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    const value = i < 0 ? '' : part.slice(i + 1).trim();
    if (name === 'required') rules.required = true;
    else if (name === 'preferred') rules.preferred = value;
    else if (name === 'extended' && (value === 'true' || value === 'false')) rules.extended = value;
    else if (name === 'min' && Number.isFinite(Number(value))) rules.min = Number(value);
    else if (name === 'max' && Number.isFinite(Number(value))) rules.max = Number(value);
    else if (name === 'max_length' && Number.isInteger(Number(value))) rules.maxLength = Number(value);
  }
  return rules;
}

/** An answer as stored and compared: trimmed text, empty means "not answered". */
export const normalizeAnswer = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return String(v).trim();
};

/** Follow-up questions of a question are shown only when its answer equals the extended rule's value. */
export function followUpsVisible(validation: string | null | undefined, answer: unknown): boolean {
  const { extended } = parseValidation(validation);
  return extended !== undefined && normalizeAnswer(answer) === extended;
}

/** A question fails when it has a preferred rule and an answer that differs from it. */
export function violatesPreferred(validation: string | null | undefined, answer: unknown): boolean {
  const { preferred } = parseValidation(validation);
  const value = normalizeAnswer(answer);
  return preferred !== undefined && value !== '' && value !== preferred;
}

interface RuleQuestion {
  id: number;
  validation: string | null;
  extended_questions?: RuleQuestion[];
}

/**
 * The questions a person actually sees for these answers: every top-level
 * question plus the follow-ups whose parent answer opens them.
 */
export function visibleQuestions<Q extends RuleQuestion>(questions: Q[], answers: Map<number, string>): Q[] {
  const out: Q[] = [];
  for (const q of questions) {
    out.push(q);
    if (q.extended_questions?.length && followUpsVisible(q.validation, answers.get(q.id))) {
      out.push(...(q.extended_questions as Q[]));
    }
  }
  return out;
}

/** Ids of the visible questions whose answer violates their preferred rule. */
export function failingQuestionIds(questions: RuleQuestion[], answers: Map<number, string>): number[] {
  return visibleQuestions(questions, answers)
    .filter((q) => violatesPreferred(q.validation, answers.get(q.id)))
    .map((q) => q.id);
}

/** The checked_in bits a submission sets: 4 always, 2 only without warnings. */
export const submissionBits = (withWarnings: boolean) =>
  CHECKED_IN.filled | (withWarnings ? 0 : CHECKED_IN.filledWithoutWarnings);

/** What an appointment row offers around the questionnaire. */
export function formActionState(checkedIn: number, centreType: string | null | undefined) {
  const filled = (checkedIn & CHECKED_IN.filled) !== 0;
  return {
    /** Without bit 4 the questionnaire can be invited. */
    canInvite: !filled,
    filled,
    /** Bit 4 without bit 2: filled with warnings. */
    withWarnings: filled && (checkedIn & CHECKED_IN.filledWithoutWarnings) === 0,
    vaccination: centreType === VACCINATION_CENTRE_TYPE,
  };
}
