import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';
import { ScheduledJobsPanel } from './scheduled-jobs-panel';
import { useDispatchExports, useExportQueueStatus } from './use-exports';

/** Mantine's yellow alert title misses WCAG AA contrast on its light background. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * Export admin (configuration-admin §2 "Admin export"): the warning that it
 * may overload the database, and the button that produces the waiting
 * exports of all centres now, showing how many wait; below it how the
 * scheduled backups and the retention job went.
 */
export default function AdminExportsPage() {
  const status = useExportQueueStatus();
  const dispatch = useDispatchExports();
  const waiting = status.data ? status.data.queued + status.data.failed : 0;

  const run = () =>
    modals.openConfirmModal({
      title: 'Exporte jetzt erzeugen?',
      children: <Text size="sm">{MSG.adminExportWarning}</Text>,
      labels: { confirm: 'Jetzt erzeugen', cancel: 'Abbrechen' },
      onConfirm: async () => {
        try {
          const r = await dispatch.mutateAsync();
          const more = [
            r.failed > 0 ? `${r.failed} fehlgeschlagen` : '',
            r.remaining > 0 ? `${r.remaining} warten noch` : '',
          ].filter(Boolean);
          notifications.show({
            color: r.failed > 0 ? 'yellow' : 'green',
            message: more.length ? `${r.message} (${more.join(', ')})` : r.message,
            autoClose: 8000,
          });
        } catch (e) {
          notifications.show({
            color: 'red',
            title: MSG.genericError,
            message: e instanceof ApiError ? e.message : MSG.genericError,
          });
        }
      },
    });

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Export Admin
      </Title>
      <Alert color="yellow" title="Achtung" styles={READABLE_TITLE}>
        {MSG.adminExportWarning}
      </Alert>
      {status.isLoading && <Loader aria-label="Warteschlange wird geladen" />}
      {status.error && (
        <Alert color="red" role="alert">
          {status.error instanceof ApiError ? status.error.message : MSG.genericError}
        </Alert>
      )}
      {status.data && (
        <Text aria-live="polite">
          Wartende Exporte: {status.data.queued} · in Arbeit: {status.data.running} · fehlgeschlagen:{' '}
          {status.data.failed}
        </Text>
      )}
      <Group>
        <Button onClick={run} loading={dispatch.isPending} disabled={!status.data}>
          Exportaufträge jetzt verarbeiten ({waiting})
        </Button>
        <Button variant="default" onClick={() => void status.refetch()} loading={status.isFetching}>
          Aktualisieren
        </Button>
      </Group>
      <ScheduledJobsPanel />
    </Stack>
  );
}
