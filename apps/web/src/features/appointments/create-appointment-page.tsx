import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { germanDate } from '@tz/shared/rules/german-date';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { useCustomer } from '../customers/use-customers';
import { useSendConfirmationMail } from '../receipts/use-receipts';
import { announceCreated, createdState, createErrorText } from './appointment-create-result';
import { APPOINTMENT_LABELS } from './appointment-field-labels';
import {
  AppointmentFields,
  type AppointmentFieldValues,
  appointmentPayload,
  appointmentValidation,
  defaultAppointmentValues,
} from './appointment-fields';
import { useCreateForCustomer } from './use-appointment-edit';

/** customer.create_appointment: a new appointment (or series) for an existing customer. */
export default function CreateAppointmentPage() {
  const customerId = Number(useParams().id);
  const { staffId } = useAuth();
  const customer = useCustomer(customerId);
  const create = useCreateForCustomer(customerId);
  const mail = useSendConfirmationMail();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sendMail, setSendMail] = useState(true);
  const form = useForm<AppointmentFieldValues>({
    initialValues: defaultAppointmentValues(),
    validate: appointmentValidation,
  });

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const created = await create.mutateAsync({ ...appointmentPayload(v), staff_id: staffId });
      const withMail = sendMail && !!customer.data?.email;
      await announceCreated(withMail ? () => mail.mutateAsync({ appointmentId: created.id, customerId }) : null);
      // The list on the new appointment's day, its row highlighted.
      navigate(to('appointments'), {
        state: createdState({ appointment_id: created.id, date: v.date! }),
      });
    } catch (e) {
      setError(createErrorText(e, applyServerErrors(form, e, labelsOf(APPOINTMENT_LABELS)).text));
    }
  });

  if (customer.isLoading) return <Loader aria-label="Lädt" />;
  const c = customer.data;
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Termin anlegen
      </Title>
      {c && (
        <Text>
          Kunde: <Link to={to('customer_edit', { id: c.id })}>{c.full_name}</Link>
          {c.birthday ? `, geboren am ${germanDate(c.birthday)}` : ''}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <AppointmentFields form={form} showFreeSlots />
          <Checkbox
            label="Bestätigungsmail an den Kunden senden"
            checked={sendMail && !!c?.email}
            disabled={!c?.email}
            onChange={(e) => setSendMail(e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Termin anlegen
            </Button>
            <Button variant="default" component={Link} to={to('appointments_for_customer', { id: customerId })}>
              Abbrechen
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
