import { Alert, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginResponse } from '@tz/shared/auth/auth.contract';
import type { TwoFactorSetup as Setup } from '@tz/shared/auth/two-factor.contract';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { RecoveryCodes } from './recovery-codes';
import { SETUP_CODE_LABELS } from './security-field-labels';
import { confirmSetup, startSetup } from './use-security';

export interface SetupResult {
  message: string;
  /** The completed sign-in, when the set-up was a step of signing in. */
  login: LoginResponse | null;
}

/**
 * Turning the authenticator app on: a new secret as QR code (drawn by the server) and as text, confirmed
 * by a current code; then the recovery codes, once. `token`: the sign-in step's token when the set-up is
 * required before the user may do anything else.
 */
export function TwoFactorSetup({
  email,
  token,
  onDone,
  onCancel,
}: {
  email: string;
  token?: string;
  onDone: (result: SetupResult) => void;
  onCancel?: () => void;
}) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [result, setResult] = useState<(SetupResult & { codes: string[] }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { code: '' } });

  const begin = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await startSetup(token));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = form.onSubmit(async ({ code }) => {
    setBusy(true);
    setError(null);
    try {
      const r = await confirmSetup(code.trim(), token);
      setResult({ message: r.message, login: r.login, codes: r.recovery_codes });
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(SETUP_CODE_LABELS)).text);
    } finally {
      setBusy(false);
    }
  });

  if (result) {
    return <RecoveryCodes codes={result.codes} email={email} onDone={() => onDone(result)} />;
  }
  return (
    <Stack>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!setup ? (
        <>
          <Text>
            Sie brauchen eine Authenticator-App auf Ihrem Telefon, zum Beispiel FreeOTP, Google Authenticator oder
            Microsoft Authenticator. Bei jeder Anmeldung geben Sie nach dem Passwort den sechsstelligen Code aus der App
            ein.
          </Text>
          <Group>
            <Button onClick={() => void begin()} loading={busy}>
              Einrichtung starten
            </Button>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Abbrechen
              </Button>
            )}
          </Group>
        </>
      ) : (
        <form onSubmit={confirm} noValidate>
          <Stack>
            <Text>1. Scannen Sie den QR-Code mit Ihrer Authenticator-App.</Text>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
              alt="QR-Code für die Authenticator-App"
              w={200}
              h={200}
            />
            <TextInput
              label="Schlüssel zum Abtippen (falls kein Scan möglich ist)"
              value={setup.secret}
              readOnly
              styles={{ input: { fontFamily: 'monospace' } }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Text>2. Geben Sie den Code ein, den die App jetzt anzeigt.</Text>
            <TextInput
              label={SETUP_CODE_LABELS.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              w={200}
              required
              {...form.getInputProps('code')}
            />
            <Group>
              <Button type="submit" loading={busy}>
                Bestätigen und einschalten
              </Button>
              {onCancel && (
                <Button variant="default" onClick={onCancel}>
                  Abbrechen
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
