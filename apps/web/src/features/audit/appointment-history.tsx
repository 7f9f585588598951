import { Loader, Table, Text, Title } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { formatDateTime } from '../../ui/format';
import { auditText as text } from './audit-text';
import { useAppointmentAudit } from './use-audit';

/** "Verlauf" of the appointment edit screen: who changed what when, from which value to which. */
export function AppointmentHistory({ staffId, appointmentId }: { staffId: number; appointmentId: number }) {
  const history = useAppointmentAudit(staffId, appointmentId);
  return (
    <section aria-labelledby="verlauf-title">
      <Title order={2} size="h4" id="verlauf-title" mb="xs">
        Verlauf
      </Title>
      {history.isLoading && <Loader size="sm" aria-label="Verlauf wird geladen" />}
      {history.error && <Text c="red">{MSG.genericError}</Text>}
      {history.data && history.data.length === 0 && <Text c="dimmed">Noch keine Änderungen protokolliert.</Text>}
      {history.data && history.data.length > 0 && (
        <Table striped aria-labelledby="verlauf-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wann</Table.Th>
              <Table.Th>Wer</Table.Th>
              <Table.Th>Was</Table.Th>
              <Table.Th>Änderung</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                <Table.Td>{text.who(r)}</Table.Td>
                <Table.Td>{text.what(r)}</Table.Td>
                <Table.Td>{text.change(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
