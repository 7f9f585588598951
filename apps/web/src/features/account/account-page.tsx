import { Alert, Button, Card, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { PAUSE_SPECIAL_DAYS_WINDOW_DAYS } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { CentreTwoFactorCard } from '../security/centre-two-factor-card';
import { useAccountStatus, useRemoveSuspension, useSetStatus, useSuspend } from './use-account';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);
/** The pause form's one field, keyed by the request body. */
const PAUSE_LABELS = { date: 'Pausieren ab' };

export default function AccountPage() {
  const { id } = useParams();
  const staffId = Number(id);
  const status = useAccountStatus(staffId);
  const setStatus = useSetStatus(staffId);
  const suspend = useSuspend(staffId);
  const unsuspend = useRemoveSuspension(staffId);
  const [pauseDate, setPauseDate] = useState<string | null>(null);
  const [pauseError, setPauseError] = useState<string>();
  const pauseInput = useRef<HTMLInputElement>(null);
  const pauseRules = { min: status.data?.today, minMessage: MSG.pauseDateInPast };
  // Account status failures show the server's text in a dialog titled 'Hinweis' (core-workflow §8).
  const [notice, setNotice] = useState<string | null>(null);

  const changeStatus = async (next: 'publish' | 'private') => {
    try {
      await setStatus.mutateAsync(next);
      notifications.show({ color: 'green', message: MSG.changeSaved });
    } catch (e) {
      setNotice(errorText(e));
    }
  };

  // Taking the booking page offline is one click away from customers: it asks first, as 'Pause planen' does.
  const confirmOffline = () =>
    modals.openConfirmModal({
      title: 'Buchungsseite pausieren',
      children: (
        <Text size="sm">
          Die Buchungsseite geht sofort offline; Kunden können keine Termine mehr buchen. Fortfahren?
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: () => void changeStatus('private'),
    });

  const schedulePause = () => {
    if (!pauseDate) return;
    // A typed text that is no date, or a day in the past, stays in the field with its reason.
    if (dateFieldProblem(pauseDate, pauseRules)) {
      pauseInput.current?.focus();
      return;
    }
    modals.openConfirmModal({
      title: 'Pause planen',
      children: (
        <Text size="sm">
          Das Testzentrum wird ab dem {germanDate(pauseDate)} pausiert. Sondertage innerhalb von{' '}
          {PAUSE_SPECIAL_DAYS_WINDOW_DAYS} Tagen ab diesem Datum werden gelöscht. Fortfahren?
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          const r = await suspend.mutateAsync(pauseDate);
          notifications.show({ color: 'green', message: r.message, autoClose: 8000 });
          setPauseDate(null);
        } catch (e) {
          const refused = summariseServerError(e, labelsOf(PAUSE_LABELS));
          setPauseError(refused.errors.date);
          notifications.show({ color: 'red', title: MSG.somethingWentWrongAlt, message: refused.text });
          // after the confirmation closes: the refused date gets the focus
          if (refused.first) setTimeout(() => pauseInput.current?.focus(), 0);
        }
      },
    });
  };

  const removePause = async () => {
    try {
      const r = await unsuspend.mutateAsync(undefined);
      notifications.show({ color: 'green', message: r.message });
    } catch (e) {
      setNotice(errorText(e));
    }
  };

  const s = status.data;
  const scheduled = s?.pause_date && !s.deactivated ? s.pause_date : null;
  const busy = setStatus.isPending || suspend.isPending || unsuspend.isPending;

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Testzentrumskonto
      </Title>
      {status.isLoading && <Loader aria-label="Status wird geladen" />}
      {status.error && (
        <Alert color="red" role="alert">
          {errorText(status.error)}
        </Alert>
      )}
      {s?.deactivated && (
        <Card withBorder>
          <Stack>
            <Title order={2} size="h4">
              Ihr Testzentrum ist derzeit deaktiviert
            </Title>
            <Text>
              {s.status === 'private'
                ? 'Die Buchungsseite ist pausiert. Kunden können keine Termine buchen.'
                : `Das Testzentrum ist seit dem ${germanDate(s.pause_date)} pausiert.`}
            </Text>
            <Group>
              <Button onClick={() => void changeStatus('publish')} loading={busy}>
                Testzentrum neu starten
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {s && !s.deactivated && (
        <>
          <Card withBorder>
            <Stack>
              <Title order={2} size="h4">
                Buchungsseite
              </Title>
              <Switch
                label="Buchungsseite online"
                checked={s.status === 'publish'}
                onChange={(e) => (e.currentTarget.checked ? void changeStatus('publish') : confirmOffline())}
                disabled={busy}
              />
              <Group>
                <Button onClick={confirmOffline} loading={busy}>
                  Jetzt pausieren
                </Button>
              </Group>
            </Stack>
          </Card>
          <Card withBorder>
            <Stack>
              <Title order={2} size="h4">
                Pause ab einem Datum
              </Title>
              {scheduled ? (
                <>
                  <Text>Eine Pause ist geplant ab dem {germanDate(scheduled)}.</Text>
                  <Group>
                    <Button variant="light" color="red" onClick={() => void removePause()} loading={busy}>
                      Geplante Pause entfernen
                    </Button>
                  </Group>
                </>
              ) : (
                <Group align="flex-end">
                  <GermanDateInput
                    label={PAUSE_LABELS.date}
                    {...pauseRules}
                    value={pauseDate}
                    onChange={(v) => {
                      setPauseDate(v);
                      setPauseError(undefined);
                    }}
                    error={pauseError}
                    ref={pauseInput}
                    clearable
                    clearLabel="Datum löschen"
                  />
                  <Button onClick={schedulePause} disabled={!pauseDate} loading={busy}>
                    Pause planen
                  </Button>
                </Group>
              )}
              <Text size="sm" c="dimmed">
                Sondertage innerhalb von {PAUSE_SPECIAL_DAYS_WINDOW_DAYS} Tagen ab dem gewählten Datum werden gelöscht.
              </Text>
            </Stack>
          </Card>
        </>
      )}
      <CentreTwoFactorCard staffId={staffId} />
      <Alert color="blue" title="Grundgebühr">
        {MSG.baseFeeNote}
      </Alert>
      <Modal opened={notice !== null} onClose={() => setNotice(null)} title={MSG.noticeTitle} centered>
        <Text mb="md">{notice}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setNotice(null)}>OK</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
