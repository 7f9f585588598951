import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type LoginResponse, logout } from '@tz/shared/auth/auth.contract';
import { completeSecondFactor } from '@tz/shared/auth/two-factor.contract';
import { SECURITY_MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { ApiError, api } from '../../api/client';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { SIGN_IN_CODE_LABELS } from '../security/security-field-labels';
import { TwoFactorSetup } from '../security/two-factor-setup';

const STEP_EXPIRED = 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';

/**
 * The sign-in's second step, after a right password: the code from the authenticator app (or a recovery
 * code), or, when the second factor is required and not set up yet, its set-up. Loaded only when needed,
 * so the login screen's first download stays small. `pending` holds the step's own token; nothing is
 * stored before the sign-in is complete.
 */
export default function SignInStep({
  pending,
  onSignedIn,
  onCancel,
}: {
  pending: LoginResponse;
  onSignedIn: (answer: LoginResponse) => void;
  onCancel: (message?: string) => void;
}) {
  const cancel = (message?: string) => {
    // best effort: the step's session ends by itself within minutes anyway
    void api(logout, { token: pending.token }).catch(() => {});
    onCancel(message);
  };
  if (pending.second_factor === 'totp_setup') {
    return (
      <Stack>
        <Title order={2} size="h4">
          Zwei-Faktor-Anmeldung einrichten
        </Title>
        <Alert color="blue">{SECURITY_MSG.setupRequired}</Alert>
        <TwoFactorSetup
          email={pending.email}
          token={pending.token}
          onDone={(r) => (r.login ? onSignedIn(r.login) : cancel(STEP_EXPIRED))}
          onCancel={() => cancel()}
        />
      </Stack>
    );
  }
  return <CodeForm pending={pending} onSignedIn={onSignedIn} onCancel={cancel} />;
}

function CodeForm({
  pending,
  onSignedIn,
  onCancel,
}: {
  pending: LoginResponse;
  onSignedIn: (answer: LoginResponse) => void;
  onCancel: (message?: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (v.trim() ? null : SECURITY_MSG.codeRequired) },
  });
  const submit = form.onSubmit(async ({ code }) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api(completeSecondFactor, { body: { code: code.trim() }, token: pending.token }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) onCancel(STEP_EXPIRED);
      else setError(applyServerErrors(form, e, labelsOf(SIGN_IN_CODE_LABELS)).text);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h4">
          Zwei-Faktor-Anmeldung
        </Title>
        <Text size="sm">
          Geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein. Ist Ihr Telefon nicht zur Hand, nehmen Sie
          einen Ihrer Wiederherstellungscodes.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={SIGN_IN_CODE_LABELS.code}
          autoComplete="one-time-code"
          maxLength={40}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={busy}>
          Bestätigen
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onCancel()}>
            Abbrechen und zurück zur Anmeldung
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
