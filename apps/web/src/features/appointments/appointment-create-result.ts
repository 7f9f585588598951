import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';

/**
 * The spec's create errors: 400 with the server's text after a colon, an error
 * in the body in brackets. A refused booking (422) names its reason in a whole
 * sentence, so it reads after the colon too and never in nested brackets.
 * `text` is the refusal in the form's terms (applyServerErrors: each field by its label).
 */
export function createErrorText(e: unknown, text = e instanceof Error ? e.message : String(e)): string {
  if (e instanceof ApiError && (e.status === 400 || e.status === 422)) return `${MSG.genericErrorColon}${text}`;
  return `${MSG.genericError} (${text})`;
}

/**
 * After a created appointment: optionally the confirmation mail (the receipts
 * area's call), then the spec's success text.
 */
export async function announceCreated(sendMail: (() => Promise<unknown>) | null) {
  if (sendMail) {
    try {
      await sendMail();
      notifications.show({ color: 'green', message: MSG.appointmentCreatedMailed });
      return;
    } catch {
      notifications.show({ color: 'yellow', message: MSG.confirmationMailFailed });
      return;
    }
  }
  notifications.show({ color: 'green', message: MSG.appointmentCreated });
}

/** What the create screens hand to the list: the new appointment, to show its day and highlight it. */
export interface CreatedAppointment {
  appointment_id: number;
  /** YYYY-MM-DD */
  date: string;
}

/** The router state the create screens navigate to the list with. */
export const createdState = (created: CreatedAppointment) => ({ createdAppointment: created });

/** The created appointment from the list's router state, or null for any other state (a reload, a link). */
export function createdFromState(state: unknown): CreatedAppointment | null {
  const c = (state as { createdAppointment?: Partial<CreatedAppointment> } | null)?.createdAppointment;
  if (!c || !Number.isInteger(c.appointment_id) || typeof c.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(c.date))
    return null;
  return { appointment_id: c.appointment_id as number, date: c.date };
}
