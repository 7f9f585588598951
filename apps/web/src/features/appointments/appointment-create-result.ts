import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';

/**
 * The spec's create errors: 400 with the error text or the joined messages,
 * otherwise the message in brackets. `text` is the refusal in the form's terms
 * (applyServerErrors: each field by its label).
 */
export function createErrorText(e: unknown, text: string): string {
  if (e instanceof ApiError && e.status === 400) return `${MSG.genericErrorColon}${text}`;
  return `${MSG.genericError} (${e instanceof ApiError ? text : e instanceof Error ? e.message : String(e)})`;
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
