import { dateNotAfter, dateNotBefore, MSG } from '@tz/shared/messages';
import { germanDate, germanDateTime, parseGermanDate, parseGermanDateTime } from '@tz/shared/rules/german-date';

/**
 * What a German date field holds (german-date-input.tsx), pure so it is tested
 * without a browser: the field's value is the date 'YYYY-MM-DD' (date-time
 * fields: the wall clock 'YYYY-MM-DDTHH:mm') when the text shown is one, null
 * when the field is empty, and otherwise the text exactly as typed. So a form
 * always holds what the person sees: a typed text that is no date (or that a
 * rule refuses) is never replaced by an older value or by nothing; the field
 * shows why, and the form (or the server) refuses it.
 */
export type DateFieldValue = string | null;

/** A date field's rules; min and max are values of the same kind, the messages the form's own reasons. */
export interface DateRules {
  required?: boolean;
  min?: DateFieldValue;
  max?: DateFieldValue;
  minMessage?: string;
  maxMessage?: string;
}

export interface DateFieldKind {
  /** Typed text → value, or null when the text is no date of this kind. */
  parse: (text: string) => string | null;
  /** A value as people read it. */
  format: (value: string) => string;
  /** Whether a value is a real date (time) of this kind rather than a text as typed. */
  isValue: (value: string) => boolean;
  /** The calendar day of a value (for the picker). */
  dayOf: (value: string) => string;
  /** The value after picking a day in the calendar (a date-time keeps its time). */
  withDay: (value: DateFieldValue, day: string) => string;
  /** The reason shown for a text that is no date of this kind. */
  invalid: string;
  placeholder: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const DATE: DateFieldKind = {
  parse: parseGermanDate,
  format: germanDate,
  isValue: (v) => ISO_DAY.test(v) && parseGermanDate(germanDate(v)) === v,
  dayOf: (v) => v,
  withDay: (_v, day) => day,
  invalid: MSG.typedDateInvalid,
  placeholder: 'TT.MM.JJJJ',
};

export const DATE_TIME: DateFieldKind = {
  parse: parseGermanDateTime,
  format: germanDateTime,
  isValue: (v) => WALL_CLOCK.test(v) && parseGermanDateTime(germanDateTime(v)) === v,
  dayOf: (v) => v.slice(0, 10),
  withDay: (v, day) => `${day}T${v && DATE_TIME.isValue(v) ? v.slice(11) : '00:00'}`,
  invalid: MSG.typedDateTimeInvalid,
  placeholder: 'TT.MM.JJJJ HH:mm',
};

const isEmpty = (value: DateFieldValue | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** The value of a typed text: empty → null, a date → the date, anything else → the text as typed. */
export function valueOfText(kind: DateFieldKind, text: string): DateFieldValue {
  if (text.trim() === '') return null;
  return kind.parse(text) ?? text;
}

/**
 * The text the field shows: what the person typed, as long as it still stands
 * for the form's value; once the form set another value (a reset, a picked day,
 * a value loaded), that value.
 */
export function shownText(kind: DateFieldKind, typed: string, value: DateFieldValue | undefined): string {
  const current = isEmpty(value) ? null : value;
  if (valueOfText(kind, typed) === current) return typed;
  return current === null ? '' : kind.isValue(current) ? kind.format(current) : current;
}

/** The text after leaving the field: a date written out (1.2.2027 → 01.02.2027), anything else as typed. */
export function textOnLeave(kind: DateFieldKind, text: string): string {
  const value = valueOfText(kind, text);
  return value !== null && kind.isValue(value) ? kind.format(value) : text;
}

/** Why the form must not save this value, or null. */
export function fieldProblem(kind: DateFieldKind, value: DateFieldValue | undefined, rules: DateRules = {}) {
  if (isEmpty(value)) return rules.required ? MSG.dateRequired : null;
  if (!kind.isValue(value)) return kind.invalid;
  if (!isEmpty(rules.min) && kind.isValue(rules.min) && value < rules.min) {
    return rules.minMessage ?? dateNotBefore(kind.format(rules.min));
  }
  if (!isEmpty(rules.max) && kind.isValue(rules.max) && value > rules.max) {
    return rules.maxMessage ?? dateNotAfter(kind.format(rules.max));
  }
  return null;
}

export const dateFieldProblem = (value: DateFieldValue | undefined, rules?: DateRules) =>
  fieldProblem(DATE, value, rules);
export const dateTimeFieldProblem = (value: DateFieldValue | undefined, rules?: DateRules) =>
  fieldProblem(DATE_TIME, value, rules);

/**
 * When the field shows its problem: not while the person is typing in it
 * (changed since they last left it); a typed or refused value as soon as they
 * leave it, until they change it again (also when another field, such as the
 * start, makes it wrong); an empty required field once it was left.
 */
export function visibleProblem(
  problem: string | null,
  value: DateFieldValue | undefined,
  at: { typing: boolean; touched: boolean },
): string | null {
  if (!problem || at.typing) return null;
  return isEmpty(value) && !at.touched ? null : problem;
}
