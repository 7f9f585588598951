import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';
import { useResetTwoFactor } from './use-security';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);

/** In the user list, for administrators: resets a user's second factor after asking (e.g. a lost phone). */
export function TwoFactorResetButton({
  staffId,
  user,
  disabled,
}: {
  staffId: number;
  user: { id: number; name: string };
  disabled?: boolean;
}) {
  const reset = useResetTwoFactor(staffId);
  const ask = () =>
    modals.openConfirmModal({
      title: 'Zwei-Faktor-Anmeldung zurücksetzen',
      children: (
        <Text size="sm">
          Die Zwei-Faktor-Anmeldung von {user.name} wird ausgeschaltet, alle Wiederherstellungscodes werden ungültig und
          alle Sitzungen beendet. Ist sie vorgeschrieben, richtet {user.name} sie bei der nächsten Anmeldung neu ein.
          Fortfahren?
        </Text>
      ),
      labels: { confirm: 'Ja, zurücksetzen', cancel: 'Nein' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const r = await reset.mutateAsync(user.id);
          notifications.show({ color: 'green', message: r.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
        }
      },
    });
  return (
    <Button size="xs" variant="light" color="orange" onClick={ask} disabled={disabled} loading={reset.isPending}>
      Zwei-Faktor zurücksetzen
    </Button>
  );
}
