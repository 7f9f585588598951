import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { germanDate } from '@tz/shared/rules/german-date';
import { Link, useParams } from 'react-router';
import { to } from '../../routes';
import { useCustomerAppointments } from '../appointments/use-appointment-edit';
import { useCustomer } from './use-customers';

/** appointments_for_customer: every appointment of one customer, newest first. */
export default function CustomerAppointmentsPage() {
  const customerId = Number(useParams().id);
  const customer = useCustomer(customerId);
  const list = useCustomerAppointments(customerId);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Termine von {customer.data?.full_name ?? '…'}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={to('customer.create_appointment', { id: customerId })}>
            Termin anlegen
          </Button>
          <Button variant="default" component={Link} to={to('customer_edit', { id: customerId })}>
            Kunde bearbeiten
          </Button>
        </Group>
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isLoading ? (
        <Loader aria-label="Lädt" />
      ) : list.data?.length ? (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Uhrzeit</Table.Th>
              <Table.Th>Dienstleistung</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Aktion</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((a) => (
              <Table.Tr key={a.appointment_id}>
                <Table.Td>{germanDate(a.date)}</Table.Td>
                <Table.Td>{a.time}</Table.Td>
                <Table.Td>{a.service_title}</Table.Td>
                <Table.Td>
                  <Badge color={a.status === 'approved' ? 'green' : 'gray'} variant="light">
                    {a.status === 'approved' ? 'bestätigt' : 'storniert'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={to('appointmentEdit', { appointment_id: a.appointment_id, customer_id: a.customer_id })}
                    aria-label={`Termin am ${germanDate(a.date)} um ${a.time} bearbeiten`}
                  >
                    Bearbeiten
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text>Keine Termine gefunden</Text>
      )}
    </Stack>
  );
}
