import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Customer } from '@tz/shared/customers/customers.contract';
import { MSG } from '@tz/shared/messages';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { PatientDataButton } from '../appointments/patient-data-button';
import { customerPatientSource, extensionPatient } from '../appointments/patient-data-link';
import { CustomerGroups } from '../groups/customer-groups';
import { CUSTOMER_LABELS } from './customer-field-labels';
import {
  CustomerFieldsSection,
  type CustomerFieldValues,
  customerPayload,
  customerValidation,
  emptyCustomer,
} from './customer-fields';
import { useCustomer, useUpdateCustomer } from './use-customers';

const valuesOf = (c: Customer): CustomerFieldValues => ({
  first_name: c.first_name,
  last_name: c.last_name,
  birthday: c.birthday,
  email: c.email ?? '',
  phone: c.phone ?? '',
  gender: String(c.gender),
  street: c.street ?? '',
  postcode: c.postcode ?? '',
  city: c.city ?? '',
  passport: c.passport ?? '',
  insurancePolicyNumber: c.insurancePolicyNumber ?? '',
  insuranceProviderId: c.insuranceProviderId ? String(c.insuranceProviderId) : null,
  ikId: c.ikId ? String(c.ikId) : null,
});

/** customer_edit: every customer field; a possible duplicate is a warning. */
export default function CustomerEditPage() {
  const customerId = Number(useParams().id);
  const auth = useAuth();
  const customer = useCustomer(customerId);
  const save = useUpdateCustomer(customerId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CustomerFieldValues>({ initialValues: emptyCustomer, validate: customerValidation });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the customer has loaded
  useEffect(() => {
    if (customer.data) {
      form.setValues(valuesOf(customer.data));
      form.resetDirty();
    }
  }, [customer.data]);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const res = await save.mutateAsync(customerPayload(v));
      notifications.show({ color: 'green', message: MSG.customerSaved });
      if (res.warning) notifications.show({ color: 'yellow', message: res.warning });
    } catch (e) {
      const refused = applyServerErrors(form, e, labelsOf(CUSTOMER_LABELS));
      setError(
        e instanceof ApiError && e.status === 400 ? `${MSG.genericErrorColon}${refused.text}` : MSG.genericError,
      );
    }
  });

  if (customer.isLoading) return <Loader aria-label="Lädt" />;
  if (customer.error) {
    return (
      <Alert color="red" role="alert">
        {customer.error.message}
      </Alert>
    );
  }
  return (
    <Stack maw={820}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Kunde bearbeiten
        </Title>
        <Group gap="xs">
          <PatientDataButton patient={() => extensionPatient(customerPatientSource(form.getValues()))} />
          <Button variant="default" component={Link} to={to('appointments_for_customer', { id: customerId })}>
            Termine
          </Button>
          <Button variant="default" component={Link} to={to('customer.create_appointment', { id: customerId })}>
            Termin anlegen
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <CustomerGroups staffId={auth.staffId} customerId={customerId} />
      <form onSubmit={submit} noValidate>
        <Stack>
          <CustomerFieldsSection form={form} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
