import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../api/client';

/**
 * The catalogue's error dialog: 'Etwas ist schief gelaufen' with the status
 * appended, and the server's German explanation below it.
 */
export function showErrorDialog(error: unknown, title: string = MSG.genericError) {
  const status = error instanceof ApiError && error.status ? ` (${error.status})` : '';
  const message = error instanceof Error ? error.message : '';
  modals.open({
    title: `${title}${status}`,
    children: (
      <Text role="alert" size="sm">
        {message || MSG.genericError}
      </Text>
    ),
  });
}
