import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { KV_SPECIAL_NUMBER_LENGTH } from '@tz/shared/constants';
import { buildPath } from '@tz/shared/http/endpoint';
import { MSG } from '@tz/shared/messages';
import { previewOegdForm } from '@tz/shared/oegd/oegd.contract';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate } from '@tz/shared/rules/german-date';
import {
  OEGD_DIAGNOSTIC_OPTIONS,
  OEGD_GENDER_OPTIONS,
  OEGD_KIND_OPTIONS,
  OEGD_REASON_OPTIONS,
  OEGD_RISK_OPTIONS,
  type OegdFormErrors,
  validateOegdForm,
} from '@tz/shared/rules/oegd-form';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { OEGD_LABELS } from './oegd-field-labels';
import { useOegdForm, useSaveOegdForm, useUpdateGender } from './use-oegd';

interface Values {
  kind: number;
  kind_num: string;
  reason: number;
  diagnostic: number;
  risk: number[];
  optin: boolean;
}

/** Route cutomer.createOegd: the official test form before printing (configuration-admin §2). */
export default function OegdPage() {
  const params = useParams();
  const customerId = Number(params.customer_id);
  const token = params.token ?? '';
  const auth = useAuth();
  const form = useOegdForm(customerId, token);
  const save = useSaveOegdForm(customerId, token);
  const updateGender = useUpdateGender();
  const [gender, setGender] = useState(0);
  const lastSavedGender = useRef(0);
  const [values, setValues] = useState<Values | null>(null);
  const [withBackground, setWithBackground] = useState(true);
  const [errors, setErrors] = useState<OegdFormErrors>({});
  const previewRef = useRef<HTMLFormElement>(null);
  const genderInput = useRef<HTMLInputElement>(null);
  const kindNumInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (form.data && values === null) {
      setValues(form.data.values);
      setGender(form.data.customer.gender);
      lastSavedGender.current = form.data.customer.gender;
    }
  }, [form.data, values]);

  if (form.isLoading) return <Loader aria-label="Formular wird geladen" />;
  if (form.error || !form.data || !values) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Amtliches Testformular (ÖGD)
        </Title>
        <Alert color="red" role="alert">
          {form.error instanceof ApiError ? `${MSG.genericErrorBang} ${form.error.message}` : MSG.genericErrorBang}
        </Alert>
      </Stack>
    );
  }
  const { customer, appointment } = form.data;
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues({ ...values, [k]: v });

  // Saved at once; a server error puts the last valid value back.
  const changeGender = (value: string | null) => {
    const next = Number(value ?? 0);
    setGender(next);
    setErrors((e) => ({ ...e, gender: undefined }));
    updateGender.mutate(
      { customer_id: customer.id, gender: next },
      {
        onSuccess: () => {
          lastSavedGender.current = next;
        },
        onError: (e) => {
          setGender(lastSavedGender.current);
          notifications.show({
            color: 'red',
            title: MSG.errorTitle,
            message: e instanceof ApiError ? e.message : MSG.genericError,
          });
        },
      },
    );
  };

  const preview = async () => {
    const found = validateOegdForm({ gender, kind: values.kind, kind_num: values.kind_num });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(values);
      previewRef.current?.submit();
    } catch (e) {
      const refused = summariseServerError(e, labelsOf(OEGD_LABELS));
      setErrors(refused.errors);
      const inputs: Record<string, RefObject<HTMLInputElement | null>> = {
        gender: genderInput,
        kind_num: kindNumInput,
      };
      if (refused.first) inputs[refused.first]?.current?.focus();
      notifications.show({ color: 'red', title: MSG.errorTitle, message: refused.text });
    }
  };

  const hasErrors = Object.values(errors).some(Boolean);
  const radio = (
    label: string,
    key: 'kind' | 'reason' | 'diagnostic',
    options: readonly { value: number; label: string }[],
  ) => (
    <Radio.Group label={label} value={String(values[key])} onChange={(v) => set(key, Number(v))}>
      <Stack gap={6} mt="xs">
        {options.map((o) => (
          <Radio key={o.value} value={String(o.value)} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );

  return (
    <Stack maw={820}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Amtliches Testformular (ÖGD)
        </Title>
        <Anchor component={Link} to={to('appointments')}>
          Zurück zu den Terminen
        </Anchor>
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text fw={600}>
              {customer.first_name} {customer.last_name}
            </Text>
            <Text>Geburtsdatum: {germanDate(customer.birthday)}</Text>
            <Text>{customer.street}</Text>
            <Text>
              {customer.postcode} {customer.city}
            </Text>
          </div>
          <div>
            <Text>
              Termin: {germanDate(appointment.date)} um {appointment.time} Uhr
            </Text>
            <Text>Leistung: {appointment.service_title}</Text>
            <Text>Vorgangsnummer: {displayCustomerAppointmentId(appointment.customer_appointment_id)}</Text>
          </div>
        </SimpleGrid>
      </Paper>

      {hasErrors && (
        <Alert color="red" role="alert">
          {MSG.checkFormHint}
        </Alert>
      )}

      <Select
        ref={genderInput}
        label={OEGD_LABELS.gender}
        data={OEGD_GENDER_OPTIONS.map((g) => ({ value: String(g.value), label: g.label }))}
        value={String(gender)}
        onChange={changeGender}
        allowDeselect={false}
        error={errors.gender}
        maw={300}
      />

      {radio(OEGD_LABELS.kind, 'kind', OEGD_KIND_OPTIONS)}
      {values.kind === 3 && (
        <TextInput
          ref={kindNumInput}
          label={OEGD_LABELS.kind_num}
          value={values.kind_num}
          onChange={(e) => set('kind_num', e.currentTarget.value)}
          maxLength={KV_SPECIAL_NUMBER_LENGTH}
          inputMode="numeric"
          error={errors.kind_num}
          maw={200}
        />
      )}
      {radio(OEGD_LABELS.reason, 'reason', OEGD_REASON_OPTIONS)}
      {radio(OEGD_LABELS.diagnostic, 'diagnostic', OEGD_DIAGNOSTIC_OPTIONS)}

      <Checkbox.Group
        label={OEGD_LABELS.risk}
        value={values.risk.map(String)}
        onChange={(v) => set('risk', v.map(Number))}
      >
        <Stack gap={6} mt="xs">
          {OEGD_RISK_OPTIONS.map((o) => (
            <Checkbox key={o.value} value={String(o.value)} label={`${o.value}: ${o.label}`} />
          ))}
        </Stack>
      </Checkbox.Group>

      <Checkbox
        label="Einverstanden mit der Übermittlung des Testergebnisses an die Corona-Warn-App; Datenschutzhinweise wurden ausgehändigt"
        checked={values.optin}
        onChange={(e) => set('optin', e.currentTarget.checked)}
      />

      <Checkbox
        label="Mit Formularhintergrund drucken"
        checked={withBackground}
        onChange={(e) => setWithBackground(e.currentTarget.checked)}
      />

      {/* A plain form post in a new window (spec): the session token rides in the jwt field. */}
      <form
        ref={previewRef}
        method="post"
        target="_blank"
        action={buildPath(previewOegdForm.path, { staffId: auth.staffId, customerId })}
        rel="noopener"
      >
        <input type="hidden" name="jwt" value={auth.token} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="iShowBackground" value={withBackground ? '1' : '0'} />
      </form>
      <Group>
        <Button onClick={() => void preview()} loading={save.isPending}>
          Vorschau
        </Button>
      </Group>
    </Stack>
  );
}
