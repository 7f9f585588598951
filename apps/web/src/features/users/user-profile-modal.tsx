import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { BIRTHDAY_FIRST_YEAR, FTE_MAX, FTE_MIN, FTE_STEP } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { isValidFte } from '@tz/shared/rules/fte';
import { isValidIban } from '@tz/shared/rules/iban';
import type { User, UserProfileInput } from '@tz/shared/users/users.contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { useUpdateProfile } from './use-users';
import { PROFILE_LABELS as L } from './user-field-labels';

export type FormValues = {
  birthdate: string | null;
  zip: string;
  city: string;
  street: string;
  mobile: string;
  phone: string;
  fte: number | string;
  hourly_rate: number | string;
  basic_salary: number | string;
  bank_institution: string;
  bank_swift: string;
  bank_iban: string;
};

const text = (v: string | null) => v ?? '';
const numberOrEmpty = (v: number | null) => (v === null ? '' : v);

const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Only non-empty fields are sent (core-workflow §5): an empty field the user left alone is not sent,
 * one the user emptied (an old IBAN, a mobile number) is sent as null, which clears it on the server.
 */
export function profilePayload(v: FormValues, initial: FormValues): UserProfileInput {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (isEmpty(value)) {
      if (!isEmpty(initial[key as keyof FormValues])) out[key] = null;
      continue;
    }
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as UserProfileInput;
}

/** The birthdate's bounds, the server's (userProfileSchema): from 1901, not in the future. */
const birthdateRules = () => ({
  min: `${BIRTHDAY_FIRST_YEAR}-01-01`,
  minMessage: MSG.birthdateInvalid,
  max: dayjs().format('YYYY-MM-DD'),
  maxMessage: MSG.birthdayInFuture,
});

export function UserProfileModal(props: { staffId: number; user: User; onClose: () => void }) {
  const { user } = props;
  const [birthdate] = useState(birthdateRules);
  const update = useUpdateProfile(props.staffId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      birthdate: user.birthdate,
      zip: text(user.zip),
      city: text(user.city),
      street: text(user.street),
      mobile: text(user.mobile),
      phone: text(user.phone),
      fte: numberOrEmpty(user.fte),
      hourly_rate: numberOrEmpty(user.hourly_rate),
      basic_salary: numberOrEmpty(user.basic_salary),
      bank_institution: text(user.bank_institution),
      bank_swift: text(user.bank_swift),
      bank_iban: text(user.bank_iban),
    },
    validate: {
      birthdate: (v) => dateFieldProblem(v, birthdate),
      fte: (v) => (v === '' || isValidFte(Number(v)) ? null : MSG.fteInvalid),
      bank_iban: (v) => (v.trim() === '' || isValidIban(v) ? null : MSG.ibanInvalid),
      hourly_rate: (v) => (v === '' || Number(v) >= 0 ? null : MSG.amountInvalid),
      basic_salary: (v) => (v === '' || Number(v) >= 0 ? null : MSG.amountInvalid),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const r = await update.mutateAsync({ userId: user.id, profile: profilePayload(v, form.getInitialValues()) });
      notifications.show({ color: 'green', message: r.message });
      props.onClose();
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(L)).text);
    }
  });
  return (
    <Modal opened onClose={props.onClose} title={`Benutzerdaten von ${user.name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Ausgefüllte Felder werden gespeichert; ein geleertes Feld wird gelöscht.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <GermanDateInput
              label={L.birthdate}
              {...birthdate}
              clearable
              clearLabel="Datum löschen"
              {...form.getInputProps('birthdate')}
            />
            <TextInput label={L.street} {...form.getInputProps('street')} />
            <TextInput label={L.zip} {...form.getInputProps('zip')} />
            <TextInput label={L.city} {...form.getInputProps('city')} />
            <TextInput label={L.mobile} {...form.getInputProps('mobile')} />
            <TextInput label={L.phone} {...form.getInputProps('phone')} />
            <NumberInput
              label={L.fte}
              description="0 bis 1,5 in Schritten von 0,1"
              min={FTE_MIN}
              max={FTE_MAX}
              step={FTE_STEP}
              decimalScale={1}
              decimalSeparator=","
              {...form.getInputProps('fte')}
            />
            <NumberInput
              label={L.hourly_rate}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              {...form.getInputProps('hourly_rate')}
            />
            <NumberInput
              label={L.basic_salary}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              {...form.getInputProps('basic_salary')}
            />
            <TextInput label={L.bank_institution} {...form.getInputProps('bank_institution')} />
            <TextInput label={L.bank_swift} {...form.getInputProps('bank_swift')} />
            <TextInput label={L.bank_iban} {...form.getInputProps('bank_iban')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={update.isPending}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
