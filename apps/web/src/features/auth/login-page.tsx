import { Alert, Button, Center, Image, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { login } from '@tz/shared/auth/auth.contract';
import { listNews } from '@tz/shared/news/news.contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../api/client';
import { landingPath } from '../../auth/route-guards';
import { sessionStore } from '../../auth/session-store';
import { useHost } from '../../layout/use-host';

export default function LoginPage() {
  const [flash] = useState(() => sessionStore.peekFlash());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const host = useHost();
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api(login, { body: values });
      sessionStore.set({ login: answer });
      // News are loaded right after login (the prompt decides whether to ask).
      void queryClient.prefetchQuery({ queryKey: ['news'], queryFn: () => api(listNews) });
      navigate(landingPath(answer.role_id), { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Anmeldedaten falsch');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
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
            <TextInput label="E-Mail" type="email" autoComplete="username" required {...form.getInputProps('email')} />
            <PasswordInput
              label="Passwort"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={busy}>
              Anmelden
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
