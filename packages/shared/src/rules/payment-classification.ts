import { CLASSIFICATION_CONFIRM_ABOVE } from '../constants';

/** The fields of a payment classification the selection rules look at. */
export interface ClassificationWindow {
  id: number;
  active: boolean;
  /** YYYY-MM-DD or null (no lower bound). */
  active_from: string | null;
  /** YYYY-MM-DD or null (no upper bound). */
  active_till: string | null;
}

/**
 * Whether an appointment day (YYYY-MM-DD in the centre's time zone) lies
 * strictly inside the classification's window: on the boundary day itself it
 * is outside. A missing bound does not restrict. ISO dates compare as strings.
 */
export function isInsideWindow(appointmentDate: string, from: string | null, till: string | null): boolean {
  if (from && !(appointmentDate > from)) return false;
  if (till && !(appointmentDate < till)) return false;
  return true;
}

/**
 * Selectable in the row's select (core-workflow §4): active, or the one
 * currently selected, and the appointment day strictly inside its window.
 */
export function isClassificationSelectable(
  c: ClassificationWindow,
  appointmentDate: string,
  currentId: number | null,
): boolean {
  return (c.active || c.id === currentId) && isInsideWindow(appointmentDate, c.active_from, c.active_till);
}

/** Whether a change to this classification may be stored (the server's rule: no exception for the current one). */
export function isClassificationAssignable(c: ClassificationWindow, appointmentDate: string): boolean {
  return c.active && isInsideWindow(appointmentDate, c.active_from, c.active_till);
}

/** Ids above 30 need the on-screen confirmation naming who checked the documentation. */
export const requiresCheckedBy = (classificationId: number | null | undefined): boolean =>
  classificationId != null && classificationId > CLASSIFICATION_CONFIRM_ABOVE;
