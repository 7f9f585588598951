import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';

/**
 * Runs a download with the spec's notices (configuration-admin §8): 'Der
 * Download wurde gestartet!' for 5 seconds, or 'Etwas ist schief gelaufen'
 * with the server's explanation.
 */
export async function withDownloadNotice(run: () => Promise<void>) {
  try {
    await run();
    notifications.show({ color: 'green', message: MSG.downloadStarted, autoClose: 5000 });
  } catch (e) {
    notifications.show({
      color: 'red',
      title: MSG.genericError,
      message: e instanceof ApiError ? e.message : MSG.genericError,
      autoClose: 8000,
    });
  }
}
