import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { TEST_CENTRE_USER_LABELS as L } from './platform-field-labels';
import { useCreateTestCentreUser } from './use-platform';

export default function TestCentreUserPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const create = useCreateTestCentreUser();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', email: '', password: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Bitte einen Namen angeben'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
      password: (v) => (v.length >= 8 ? null : MSG.passwordTooShort),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await create.mutateAsync({ ...v, staff_id: Number(id) });
      notifications.show({ color: 'green', message: MSG.testcenterUserSaved });
      navigate(to('listTestcenters'));
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(L)).text);
    }
  });
  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        Benutzer für Testzentrum {id} anlegen
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={L.name} required {...form.getInputProps('name')} />
          <TextInput label={L.email} type="email" required {...form.getInputProps('email')} />
          <PasswordInput label={L.password} required {...form.getInputProps('password')} />
          <input type="hidden" name="staff_id" value={id} />
          <Button type="submit" loading={create.isPending}>
            Speichern und Center aktivieren
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
