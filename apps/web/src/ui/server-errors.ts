import type { UseFormReturnType } from '@mantine/form';
import { fieldErrorsOf, joinMessages } from '@tz/shared/http/field-errors';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../api/client';

/**
 * The German label of a form field by its path in the form's values, as the
 * screen shows it ('Montag Beginn', 'E-Mail'); undefined for anything that is
 * no visible field of the form. One per form.
 */
export type FieldLabel = (path: string) => string | undefined;

/** A label function from a fixed list of fields. */
export const labelsOf =
  (labels: Record<string, string>): FieldLabel =>
  (path) =>
    Object.hasOwn(labels, path) ? labels[path] : undefined;

/**
 * The form's path of a request body path, where the form names a field
 * differently (the message may decide: one request field can be two form fields).
 */
export type ToFormPath = (field: string, message: string) => string | undefined;

export interface ServerErrorSummary {
  /** Form path → message of every field the server refused that the form shows. */
  errors: Record<string, string>;
  /** The first of them (it gets the focus). */
  first: string | undefined;
  /** For the notification, alert or dialog: each problem with its field's label; never a path. */
  text: string;
}

/**
 * A refused call in the terms of one form. The server sends each failing
 * field's path in `details` (request body paths); `toFormPath` translates a
 * path where the form's values are named differently (default: the same).
 * Without field details the text is the server's German message.
 */
export function summariseServerError(
  error: unknown,
  label: FieldLabel,
  toFormPath: ToFormPath = (f) => f,
): ServerErrorSummary {
  const details = error instanceof ApiError ? fieldErrorsOf(error.details) : [];
  if (details.length === 0) {
    return { errors: {}, first: undefined, text: error instanceof ApiError ? error.message : MSG.genericError };
  }
  const errors: Record<string, string> = {};
  const lines: string[] = [];
  for (const d of details) {
    const path = d.field ? toFormPath(d.field, d.message) : undefined;
    const name = path === undefined ? undefined : label(path);
    if (path !== undefined && name !== undefined && !(path in errors)) errors[path] = d.message;
    lines.push(name ? `${name}: ${d.message}` : d.message);
  }
  return { errors, first: Object.keys(errors)[0], text: joinMessages(lines) };
}

/** What applyServerErrors needs of a Mantine form. */
export type ErrorTarget = Pick<UseFormReturnType<never>, 'setErrors' | 'getInputNode'>;

/**
 * Moves the focus to a field of the form, scrolled to the middle of the screen
 * (so a sticky save bar never covers it).
 */
export function focusField(form: Pick<ErrorTarget, 'getInputNode'>, path: string | undefined) {
  if (!path) return;
  const node = form.getInputNode(path as never) as HTMLElement | null;
  if (!node) return;
  node.scrollIntoView?.({ block: 'center' });
  node.focus({ preventScroll: true });
}

/** The paths in the order the screen shows their fields; paths without a field keep their order, last. */
export function inScreenOrder(form: Pick<ErrorTarget, 'getInputNode'>, paths: string[]): string[] {
  const nodes = new Map(paths.map((p) => [p, form.getInputNode(p as never) as Node | null]));
  return [...paths].sort((a, b) => {
    const na = nodes.get(a);
    const nb = nodes.get(b);
    if (!na || !nb) return na ? -1 : nb ? 1 : 0;
    return na.compareDocumentPosition(nb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * The message of a refused long form: names the first invalid field (in the
 * screen's order, `order`) with its problem, and the other marked fields by label.
 */
export function invalidFieldsText(errors: Record<string, string>, order: string[], label: FieldLabel): string {
  const [first, ...rest] = order.filter((p) => p in errors && label(p) !== undefined);
  if (first === undefined) return joinMessages(Object.values(errors)) || MSG.invalidInput;
  const head = joinMessages([`Bitte prüfen Sie das Feld „${label(first)}“: ${errors[first]}`]);
  if (rest.length === 0) return head;
  return `${head} Weitere markierte Felder: ${rest.map((p) => `„${label(p)}“`).join(', ')}.`;
}

/**
 * The one way every form shows a refused save: marks each field the server
 * named (setErrors), focuses the first one, and returns the text for the
 * form's notification, alert or dialog. `focus: false` when a dialog shows
 * the text first (focus the field with focusField when it closes).
 */
export function applyServerErrors(
  form: ErrorTarget,
  error: unknown,
  label: FieldLabel,
  options: { toFormPath?: ToFormPath; focus?: boolean } = {},
): ServerErrorSummary {
  const summary = summariseServerError(error, label, options.toFormPath);
  form.setErrors(summary.errors);
  if (options.focus !== false) focusField(form, summary.first);
  return summary;
}
