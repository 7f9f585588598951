import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { OwnSession } from '@tz/shared/auth/sessions.contract';
import { isPlatformAdmin } from '@tz/shared/constants';
import { MSG, recoveryCodesLeft, SECURITY_MSG } from '@tz/shared/messages';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { formatDateTime } from '../../ui/format';
import { type DateFieldValue, dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { logoutAndReload } from '../auth/logout';
import { DISABLE_LABELS, PLATFORM_GRACE_LABELS } from './security-field-labels';
import { TwoFactorSetup } from './two-factor-setup';
import {
  useDisableTwoFactor,
  useEndOtherSessions,
  useEndSession,
  useOwnSessions,
  usePlatformSecurity,
  useSetPlatformSecurity,
  useTwoFactorStatus,
} from './use-security';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);

/**
 * 'Mein Zugang': the user's own sign-in security (issue 30). The second factor on or off, the open
 * sessions (end one or all others), and for platform admins the platform's date from which they must
 * use the second factor.
 */
export default function MyAccessPage() {
  const auth = useAuth();
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        Mein Zugang
      </Title>
      <TwoFactorCard email={auth.email} />
      <SessionsCard />
      {isPlatformAdmin(auth.role_id) && <PlatformGraceCard />}
    </Stack>
  );
}

function TwoFactorCard({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const qc = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const s = status.data;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Zwei-Faktor-Anmeldung
          </Title>
          {s && (
            <Badge color={s.enabled ? 'green' : 'gray'} variant="light">
              {s.enabled ? 'Eingeschaltet' : 'Ausgeschaltet'}
            </Badge>
          )}
        </Group>
        {status.isLoading && <Loader aria-label="Zwei-Faktor-Anmeldung wird geladen" />}
        {status.error && (
          <Alert color="red" role="alert">
            {errorText(status.error)}
          </Alert>
        )}
        {s && (
          <>
            <Text size="sm">
              Nach dem Passwort fragt die Anmeldung nach einem Code aus einer Authenticator-App auf Ihrem Telefon. Wer
              Ihr Passwort kennt, kommt so allein nicht an die Daten Ihres Zentrums.
            </Text>
            {s.required_reason && <Alert color={s.enabled ? 'blue' : 'yellow'}>{s.required_reason}</Alert>}
            {s.enabled ? (
              <>
                <Text size="sm">{recoveryCodesLeft(s.recovery_codes_left)}</Text>
                {!s.required && (
                  <Group>
                    <Button variant="light" color="red" onClick={() => setTurningOff(true)}>
                      Ausschalten
                    </Button>
                  </Group>
                )}
              </>
            ) : settingUp ? (
              <TwoFactorSetup
                email={email}
                onCancel={() => setSettingUp(false)}
                onDone={(r) => {
                  setSettingUp(false);
                  notifications.show({ color: 'green', message: r.message });
                  void qc.invalidateQueries({ queryKey: ['security'] });
                }}
              />
            ) : (
              <Group>
                <Button onClick={() => setSettingUp(true)}>Einschalten</Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      {turningOff && <TurnOffModal onClose={() => setTurningOff(false)} />}
    </Card>
  );
}

function TurnOffModal({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : SECURITY_MSG.passwordRequired) },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    try {
      const r = await disable.mutateAsync(password);
      notifications.show({ color: 'green', message: r.message });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(DISABLE_LABELS)).text);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Zwei-Faktor-Anmeldung ausschalten" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Danach genügt wieder das Passwort allein. Ihre anderen Sitzungen werden beendet. Bitte bestätigen Sie mit
            Ihrem Passwort.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput
            label={DISABLE_LABELS.password}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Ausschalten
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SessionsCard() {
  const sessions = useOwnSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const rows = sessions.data ?? [];
  const others = rows.filter((r) => !r.current).length;

  const end = (s: OwnSession) =>
    modals.openConfirmModal({
      title: s.current ? 'Diese Sitzung beenden' : 'Sitzung beenden',
      children: (
        <Text size="sm">
          {s.current
            ? 'Sie werden in diesem Browser abgemeldet.'
            : `Die Sitzung in „${s.browser}“ wird sofort beendet; dort muss sich jemand neu anmelden.`}
        </Text>
      ),
      labels: { confirm: 'Beenden', cancel: 'Abbrechen' },
      onConfirm: async () => {
        if (s.current) return void logoutAndReload();
        try {
          const r = await endOne.mutateAsync(s.id);
          notifications.show({ color: 'green', message: r.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
        }
      },
    });

  const endAllOthers = () =>
    modals.openConfirmModal({
      title: 'Alle anderen Sitzungen beenden',
      children: <Text size="sm">Überall sonst werden Sie sofort abgemeldet; diese Sitzung bleibt.</Text>,
      labels: { confirm: 'Beenden', cancel: 'Abbrechen' },
      onConfirm: async () => {
        try {
          const r = await endOthers.mutateAsync(undefined);
          notifications.show({ color: 'green', message: r.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
        }
      },
    });

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Angemeldete Sitzungen
          </Title>
          <Button variant="light" color="red" onClick={endAllOthers} disabled={others === 0}>
            Alle anderen Sitzungen beenden
          </Button>
        </Group>
        {sessions.isLoading && <Loader aria-label="Sitzungen werden geladen" />}
        {sessions.error && (
          <Alert color="red" role="alert">
            {errorText(sessions.error)}
          </Alert>
        )}
        {sessions.data && (
          <Table striped aria-label="Angemeldete Sitzungen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Browser und Gerät</Table.Th>
                <Table.Th>Adresse</Table.Th>
                <Table.Th>Angemeldet</Table.Th>
                <Table.Th>Zuletzt aktiv</Table.Th>
                <Table.Th>Aktion</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{s.browser}</Text>
                      {s.current && (
                        <Badge size="sm" variant="light">
                          Diese Sitzung
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{s.ip ?? 'unbekannt'}</Table.Td>
                  <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
                  <Table.Td>{formatDateTime(s.last_seen_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => end(s)}
                      aria-label={`Sitzung ${s.browser}, angemeldet ${formatDateTime(s.created_at)}, beenden`}
                    >
                      Beenden
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function PlatformGraceCard() {
  const security = usePlatformSecurity(true);
  const save = useSetPlatformSecurity();
  // undefined: not changed, the stored day shows; otherwise what the field holds (decision 020).
  const [date, setDate] = useState<DateFieldValue | undefined>(undefined);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const current = security.data?.admin_totp_required_from ?? null;
  const shown = date === undefined ? current : date;
  const submit = async () => {
    if (!date) return;
    // A typed text that is no date stays in the field with its reason; nothing else is saved.
    if (dateFieldProblem(date)) {
      input.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const r = await save.mutateAsync(date);
      notifications.show({ color: 'green', message: r.message });
      setDate(undefined);
    } catch (e) {
      const refused = e instanceof ApiError ? e.message : MSG.genericError;
      setError(refused);
    }
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Zwei-Faktor-Pflicht für Plattform-Administratoren
        </Title>
        <Text size="sm">
          Ab diesem Tag müssen alle Plattform-Administratoren die Zwei-Faktor-Anmeldung nutzen; wer sie bis dahin nicht
          eingerichtet hat, richtet sie bei der nächsten Anmeldung ein.
        </Text>
        <Group align="flex-end">
          <GermanDateInput
            label={PLATFORM_GRACE_LABELS.admin_totp_required_from}
            ref={input}
            value={shown}
            onChange={(v) => {
              setDate(v);
              setError(undefined);
            }}
            error={error}
          />
          <Button onClick={() => void submit()} disabled={!date || date === current} loading={save.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
