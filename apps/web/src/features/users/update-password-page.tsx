import { Alert, Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MIN_PASSWORD_LENGTH } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { mayOpen } from '../../route-access';
import { to } from '../../routes';
import { useBack } from '../../ui/back';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { useUpdatePassword } from './use-users';
import { PASSWORD_LABELS as L } from './user-field-labels';

export default function UpdatePasswordPage() {
  const { user_id } = useParams();
  const userId = Number(user_id);
  const auth = useAuth();
  const navigate = useNavigate();
  const update = useUpdatePassword(auth.staffId);
  const [error, setError] = useState<string | null>(null);
  const own = userId === auth.id;
  const form = useForm({
    initialValues: { password: '', password2: '' },
    validate: {
      password: (v) => (v.length >= MIN_PASSWORD_LENGTH ? null : MSG.passwordTooShort),
      password2: (v, values) => (v === values.password ? null : MSG.passwordMismatch),
    },
  });
  // Staff members cannot open the user list; they return home instead.
  const back = mayOpen('users', auth.role_id) ? to('users', { id: auth.staffId }) : to('home');
  const goBack = useBack(back);
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await update.mutateAsync({ userId, ...v });
      notifications.show({ color: 'green', message: MSG.passwordSaved });
      navigate(back);
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(L)).text);
    }
  });
  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        {own ? 'Eigenes Passwort ändern' : `Passwort ändern für Benutzer ${userId}`}
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label={L.password} required {...form.getInputProps('password')} />
          <PasswordInput label={L.password2} required {...form.getInputProps('password2')} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Speichern
            </Button>
            <Button variant="default" onClick={goBack}>
              Zurück
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
