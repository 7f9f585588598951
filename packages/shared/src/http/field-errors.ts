/**
 * One failing field of a refused request, in `details` of the error body:
 * `field` is the path in the request body, dot-separated with array indexes
 * (`schedule_items.1.start_time`, `special_days.0.date`, `email`; '' for the
 * body as a whole); `message` is the German text. The path is for programs
 * (the web app marks the field with it); the user reads the field's label.
 */
export interface FieldError {
  field: string;
  message: string;
}

const isFieldError = (d: unknown): d is FieldError =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as FieldError).field === 'string' &&
  typeof (d as FieldError).message === 'string';

/** The field errors of an error body's `details` (none when details are of another kind). */
export function fieldErrorsOf(details: unknown): FieldError[] {
  return Array.isArray(details) ? details.filter(isFieldError) : [];
}

/** A path from its parts: ['schedule_items', 1, 'start_time'] → 'schedule_items.1.start_time'. */
export const fieldPath = (...parts: (string | number)[]) => parts.filter((p) => p !== '').join('.');

/**
 * The user's message of a refused request: the distinct messages, without any
 * path, each ending with a full stop (a message may concern several fields).
 */
export function joinMessages(messages: string[]): string {
  return [...new Set(messages.filter(Boolean))].map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
}
