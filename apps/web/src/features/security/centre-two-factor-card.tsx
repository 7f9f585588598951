import { Alert, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';
import { useCentreTwoFactor, useSetCentreTwoFactor } from './use-security';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);

/** On the centre's account page: the administrator requires the second factor of every user of the centre. */
export function CentreTwoFactorCard({ staffId }: { staffId: number }) {
  const setting = useCentreTwoFactor(staffId);
  const save = useSetCentreTwoFactor(staffId);
  const change = async (required: boolean) => {
    try {
      const r = await save.mutateAsync(required);
      notifications.show({ color: 'green', message: r.message });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
    }
  };
  const confirmOn = () =>
    modals.openConfirmModal({
      title: 'Zwei-Faktor-Anmeldung vorschreiben',
      children: (
        <Text size="sm">
          Alle Benutzer dieses Zentrums, die sie noch nicht nutzen, müssen die Zwei-Faktor-Anmeldung bei ihrer nächsten
          Anmeldung einrichten, bevor sie weiterarbeiten können. Fortfahren?
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: () => void change(true),
    });
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Zwei-Faktor-Anmeldung
        </Title>
        {setting.isLoading && <Loader aria-label="Einstellung wird geladen" />}
        {setting.error && (
          <Alert color="red" role="alert">
            {errorText(setting.error)}
          </Alert>
        )}
        {setting.data && (
          <Switch
            label="Für alle Benutzer dieses Zentrums vorschreiben"
            description="Nach dem Passwort wird zusätzlich ein Code aus einer Authenticator-App verlangt."
            checked={setting.data.required}
            disabled={save.isPending}
            onChange={(e) => (e.currentTarget.checked ? confirmOn() : void change(false))}
          />
        )}
      </Stack>
    </Card>
  );
}
