import type { Question } from '@tz/shared/forms/forms.contract';
import { answerMax, answerMin, MSG } from '@tz/shared/messages';
import { normalizeAnswer, parseValidation, violatesPreferred, visibleQuestions } from '@tz/shared/rules/form-rules';
import { checkSignature } from './signature-image';

export interface AnswerInput {
  questionID: number;
  answer: string | number | boolean | null;
  extended: boolean;
}

export type SubmissionCheck =
  | { ok: false; kind: 'answers' }
  | { ok: false; kind: 'questions'; errors: Record<string, string[]> }
  | { ok: true; answers: { question_id: number; value: string; extended: boolean }[]; withWarnings: boolean };

const MAX_LENGTH: Partial<Record<Question['type'], number>> = { input: 500, text: 5000 };

/**
 * Validates a submission against the form's rules: every answer belongs to the
 * form, required questions are answered, values fit their type and options,
 * the signature is a real drawn PNG. Answers to hidden follow-ups are dropped.
 */
export function checkSubmission(questions: Question[], input: AnswerInput[]): SubmissionCheck {
  const known = new Map<number, Question>();
  for (const q of questions) {
    known.set(q.id, q);
    for (const f of q.extended_questions) known.set(f.id, f as Question);
  }
  const values = new Map<number, string>();
  for (const a of input) {
    if (!known.has(a.questionID) || values.has(a.questionID)) return { ok: false, kind: 'answers' };
    values.set(a.questionID, normalizeAnswer(a.answer));
  }

  const errors: Record<string, string[]> = {};
  const stored: { question_id: number; value: string; extended: boolean }[] = [];
  const followUpIds = new Set(questions.flatMap((q) => q.extended_questions.map((f) => f.id)));
  let withWarnings = false;

  for (const q of visibleQuestions(questions, values)) {
    if (q.type === 'html') continue;
    const value = values.get(q.id) ?? '';
    const message = checkValue(q, value);
    if (message) {
      errors[String(q.id)] = [message];
      continue;
    }
    if (value === '') continue;
    if (violatesPreferred(q.validation, value)) withWarnings = true;
    stored.push({ question_id: q.id, value, extended: followUpIds.has(q.id) });
  }
  if (Object.keys(errors).length > 0) return { ok: false, kind: 'questions', errors };
  return { ok: true, answers: stored, withWarnings };
}

function checkValue(q: Question, value: string): string | null {
  const rules = parseValidation(q.validation);
  if (value === '') {
    if (!rules.required) return null;
    return q.type === 'signature' ? MSG.missingSignature : MSG.answerRequired;
  }
  const maxLength = rules.maxLength ?? MAX_LENGTH[q.type];
  if (maxLength !== undefined && value.length > maxLength) return MSG.answerTooLong;
  switch (q.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : MSG.answerYesNo;
    case 'number': {
      if (!/^-?\d+([.,]\d+)?$/.test(value)) return MSG.answerNumber;
      const n = Number(value.replace(',', '.'));
      if (rules.min !== undefined && n < rules.min) return answerMin(rules.min);
      if (rules.max !== undefined && n > rules.max) return answerMax(rules.max);
      return null;
    }
    case 'date':
      return isIsoDate(value) ? null : MSG.answerDate;
    case 'select':
    case 'testv':
      return q.options.some((o) => String(o.id) === value) ? null : MSG.answerOption;
    case 'signature': {
      const check = checkSignature(value);
      if (check === 'ok') return null;
      if (check === 'empty') return MSG.missingSignature;
      return check === 'too_large' ? MSG.signatureTooLarge : MSG.signatureInvalid;
    }
    default:
      return null;
  }
}

function isIsoDate(v: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
