import { Alert, Button, Group, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ASSIGNABLE_ROLES, isPlatformAdmin, MIN_PASSWORD_LENGTH, ROLE, ROLE_LABELS } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { useBack } from '../../ui/back';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { useCreateUser } from './use-users';
import { CREATE_USER_LABELS as L } from './user-field-labels';

export default function CreateUserPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const create = useCreateUser(auth.staffId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', email: '', role_id: String(ROLE.staff), password: '', password2: '' },
    validate: {
      name: (v) => (v.trim() ? null : MSG.nameRequired),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : MSG.emailInvalid),
      role_id: (v) => (v ? null : MSG.roleNotAllowed),
      password: (v) => (v.length >= MIN_PASSWORD_LENGTH ? null : MSG.passwordTooShort),
      password2: (v, values) => (v === values.password ? null : MSG.passwordMismatch),
    },
  });
  // A centre user grants at most their own role; the server refuses more.
  const roles = ASSIGNABLE_ROLES.map((r) => ({
    value: String(r),
    label: ROLE_LABELS[r] ?? String(r),
    disabled: !isPlatformAdmin(auth.role_id) && r < auth.role_id,
  }));
  const back = to('users', { id: auth.staffId });
  const goBack = useBack(back);
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await create.mutateAsync({
        name: v.name.trim(),
        email: v.email.trim(),
        role_id: Number(v.role_id),
        password: v.password,
        password2: v.password2,
        staff_id: auth.staffId,
      });
      notifications.show({ color: 'green', message: MSG.userSaved });
      navigate(back);
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(L)).text);
    }
  });
  return (
    <Stack maw={480}>
      <Title order={1} size="h2">
        Benutzer anlegen
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
          <Select label={L.role_id} required data={roles} allowDeselect={false} {...form.getInputProps('role_id')} />
          <PasswordInput label={L.password} required {...form.getInputProps('password')} />
          <PasswordInput label={L.password2} required {...form.getInputProps('password2')} />
          <Group>
            <Button type="submit" loading={create.isPending}>
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
