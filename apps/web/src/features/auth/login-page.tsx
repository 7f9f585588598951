import { Alert, Button, Center, Image, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@tz/shared/auth/auth.contract';
import { MSG } from '@tz/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../api/client';
import { listNewsEndpoint, loginEndpoint } from '../../api/entry-endpoints';
import { landingPath } from '../../auth/route-guards';
import { sessionStore } from '../../auth/session-store';
import { useHost } from '../../layout/use-host';
import { postForm } from '../../ui/post-form';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { centreHasCertificateProduct, certSystemLoginFields, certSystemStep, cookiesWork } from './cert-system-handoff';
import { LOGIN_LABELS } from './login-field-labels';

const CookiesBlockedPrompt = lazy(() => import('./cookies-blocked-prompt'));
const SignInStep = lazy(() => import('./sign-in-step'));

export default function LoginPage() {
  const [flash] = useState(() => sessionStore.peekFlash());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const host = useHost();
  const form = useForm({ initialValues: { email: '', password: '' } });
  /** Set while the cookies-blocked prompt waits for an answer; the session is stored afterwards. */
  const [pending, setPending] = useState<LoginResponse | null>(null);
  /** A right password whose sign-in still needs the second factor (code or set-up). */
  const [step, setStep] = useState<LoginResponse | null>(null);
  const certSystemUrl = host.data?.cert_system_url;

  const enter = (answer: LoginResponse) => {
    sessionStore.set({ login: answer });
    // News are loaded right after login (the prompt decides whether to ask).
    void queryClient.prefetchQuery({ queryKey: ['news'], queryFn: () => api(listNewsEndpoint) });
    navigate(landingPath(answer.role_id), { replace: true });
  };

  /** A complete sign-in: the certificate system's hand-off where the centre has it, then into the app. */
  const proceed = async (answer: LoginResponse) => {
    const handoff = certSystemUrl
      ? certSystemStep({
          certificateProduct: await centreHasCertificateProduct(answer.token),
          certSystemUrl,
          cookieHeader: document.cookie,
          cookiesEnabled: cookiesWork(),
        })
      : 'none';
    if (handoff === 'prompt') {
      setPending(answer);
      return;
    }
    if (handoff === 'post' && certSystemUrl) postForm(certSystemUrl, certSystemLoginFields(answer.token));
    enter(answer);
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api(loginEndpoint, { body: values });
      if (answer.second_factor) {
        form.setFieldValue('password', '');
        setStep(answer);
        return;
      }
      await proceed(answer);
    } catch (e) {
      // a wrong login names no field: the server's 'Anmeldedaten falsch'
      setError(e instanceof ApiError ? applyServerErrors(form, e, labelsOf(LOGIN_LABELS)).text : MSG.wrongLogin);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      {pending && (
        <Suspense>
          <CookiesBlockedPrompt
            onSkip={() => enter(pending)}
            onDirectLogin={() => {
              if (certSystemUrl) postForm(certSystemUrl, certSystemLoginFields(pending.token));
              enter(pending);
            }}
          />
        </Suspense>
      )}
      <Paper withBorder shadow="sm" p="xl" w={step?.second_factor === 'totp_setup' ? 560 : 400} maw="100%">
        {step ? (
          <Suspense>
            <SignInStep
              pending={step}
              onSignedIn={(answer) => void proceed(answer)}
              onCancel={(message) => {
                setStep(null);
                setError(message ?? null);
              }}
            />
          </Suspense>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Center>
                <Image src={host.data?.logo_url ?? '/logo.svg'} alt="" w={56} h={56} />
              </Center>
              <Title order={1} size="h3" ta="center">
                {host.data?.brand ?? 'Testzentrum Backoffice'}
              </Title>
              {flash && (
                <Alert color="yellow" role="alert">
                  {flash}
                </Alert>
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <TextInput
                label={LOGIN_LABELS.email}
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={LOGIN_LABELS.password}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={busy}>
                Anmelden
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
