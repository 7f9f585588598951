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
