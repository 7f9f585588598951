import { Alert, Button, Checkbox, Divider, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { CUSTOMER_LABELS } from '../customers/customer-field-labels';
import {
  CustomerFieldsSection,
  type CustomerFieldValues,
  customerPayload,
  customerValidation,
  emptyCustomer,
} from '../customers/customer-fields';
import { useSendConfirmationMail } from '../receipts/use-receipts';
import { SCAN_NOT_FOUND_NOTICE } from '../search/use-hand-scanner';
import { announceCreated, createdState, createErrorText } from './appointment-create-result';
import { APPOINTMENT_LABELS } from './appointment-field-labels';
import {
  AppointmentFields,
  type AppointmentFieldValues,
  appointmentPayload,
  appointmentValidation,
  defaultAppointmentValues,
} from './appointment-fields';
import { useCreateWithCustomer } from './use-appointment-edit';

/** The person read from a corona-app profile scan (search area); birthday is yyyyMMdd. */
interface ScannedPerson {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  birthday?: string;
  address?: { street?: string; city?: string; postcode?: string };
}

function prefill(scan: ScannedPerson | undefined): Partial<CustomerFieldValues> {
  if (!scan) return {};
  const b = /^(\d{4})(\d{2})(\d{2})$/.exec(scan.birthday ?? '');
  return {
    first_name: scan.firstName ?? '',
    last_name: scan.lastName ?? '',
    email: scan.email ?? '',
    phone: scan.phone ?? '',
    birthday: b ? `${b[1]}-${b[2]}-${b[3]}` : null,
    street: scan.address?.street ?? '',
    city: scan.address?.city ?? '',
    postcode: scan.address?.postcode ?? '',
  };
}

const LABELS = { ...CUSTOMER_LABELS, ...APPOINTMENT_LABELS };

/** create_appointment_and_customer: a new customer with their first appointment, both or neither. */
export default function CreateAppointmentAndCustomerPage() {
  const { staffId } = useAuth();
  const location = useLocation();
  const scan = (location.state as { cwaQrCodeData?: ScannedPerson } | null)?.cwaQrCodeData;
  const create = useCreateWithCustomer();
  const mail = useSendConfirmationMail();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sendMail, setSendMail] = useState(true);
  const form = useForm<AppointmentFieldValues & CustomerFieldValues>({
    initialValues: { ...defaultAppointmentValues(), ...emptyCustomer, ...prefill(scan) },
    validate: { ...appointmentValidation, ...customerValidation },
  });

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const created = await create.mutateAsync({
        ...customerPayload(v),
        ...appointmentPayload(v),
        staff_id: staffId,
      });
      // The scanned data were checked and saved: the scan's 'Kunde nicht gefunden' notice has done its job.
      notifications.hide(SCAN_NOT_FOUND_NOTICE);
      if (created.message) notifications.show({ color: 'yellow', message: created.message });
      const withMail = sendMail && !!v.email.trim();
      await announceCreated(
        withMail
          ? () => mail.mutateAsync({ appointmentId: created.appointment_id, customerId: created.customer_id })
          : null,
      );
      // The list on the new appointment's day, its row highlighted.
      navigate(to('appointments'), {
        state: createdState({ appointment_id: created.appointment_id, date: v.date! }),
      });
    } catch (e) {
      setError(createErrorText(e, applyServerErrors(form, e, labelsOf(LABELS)).text));
    }
  });

  return (
    <Stack maw={820}>
      <Title order={1} size="h2">
        Termin und Kunde anlegen
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Kunde
          </Title>
          <CustomerFieldsSection form={form} />
          <Divider />
          <Title order={2} size="h4">
            Termin
          </Title>
          <AppointmentFields form={form} showFreeSlots />
          <Checkbox
            label="Bestätigungsmail an den Kunden senden"
            checked={sendMail && !!form.values.email.trim()}
            disabled={!form.values.email.trim()}
            onChange={(e) => setSendMail(e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Termin anlegen
            </Button>
            <Button variant="default" component={Link} to={to('appointments')}>
              Abbrechen
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
