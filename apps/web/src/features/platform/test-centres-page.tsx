import { Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@tz/shared/messages';
import { Link } from 'react-router';
import { sessionStore } from '../../auth/session-store';
import { to } from '../../routes';
import { useTestCentres } from './use-platform';

export default function TestCentresPage() {
  const centres = useTestCentres();
  const qc = useQueryClient();
  const adopt = (id: number) => {
    const s = sessionStore.get();
    if (!s) return;
    sessionStore.set({ ...s, workingStaffId: id });
    void qc.invalidateQueries();
    notifications.show({ message: MSG.idAdopted, autoClose: 1000 });
  };
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Alle Testzentren
      </Title>
      {centres.isLoading && <Loader aria-label="Testzentren werden geladen" />}
      {centres.error && <Text c="red">{MSG.genericError}</Text>}
      {centres.data && (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Ort</Table.Th>
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {centres.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.id}</Table.Td>
                <Table.Td>{c.full_name}</Table.Td>
                <Table.Td>{c.city}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {c.testcenter ? (
                      <Button size="xs" variant="default" disabled title="Deaktivieren ist noch nicht umgesetzt">
                        ToDo: Deaktivieren
                      </Button>
                    ) : (
                      <Button size="xs" component={Link} to={to('testcenter_user', { id: c.id })}>
                        Benutzer anlegen und aktivieren
                      </Button>
                    )}
                    <Button size="xs" variant="light" onClick={() => adopt(c.id)}>
                      ID übernehmen
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
