import { Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { GROUP_NAME_MIN_LENGTH } from '@tz/shared/constants';
import { normaliseGroupName } from '@tz/shared/groups/groups.contract';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { useInstitutions, useUpsertInstitution } from './use-groups';

const serverMessage = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError);

/** Group list (configuration-admin §2): create, rename inline, open a group. */
export default function InstitutionListPage() {
  const staffId = Number(useParams().id);
  const institutions = useInstitutions(staffId);
  const upsert = useUpsertInstitution(staffId);
  const [name, setName] = useState('');
  // The row being renamed: its id, the old name (restored on cancel and on error) and the new one.
  const [editing, setEditing] = useState<{ id: number; oldName: string; name: string } | null>(null);

  const create = async () => {
    try {
      await upsert.mutateAsync({ name: normaliseGroupName(name) });
      setName('');
      notifications.show({ color: 'green', message: MSG.groupCreated });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  const saveName = async () => {
    if (!editing) return;
    try {
      const res = await upsert.mutateAsync({ id: editing.id, name: normaliseGroupName(editing.name) });
      notifications.show({ color: 'green', message: res.message });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
    // The list shows the server's name: the new one, or the old one after an error.
    setEditing(null);
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Gruppen
      </Title>
      <Group align="end">
        <TextInput
          label="Name der neuen Gruppe"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          w={320}
        />
        <Button
          onClick={create}
          disabled={normaliseGroupName(name).length < GROUP_NAME_MIN_LENGTH}
          loading={upsert.isPending && !editing}
        >
          Gruppe anlegen
        </Button>
      </Group>
      {institutions.isLoading && <Loader aria-label="Gruppen werden geladen" />}
      {institutions.data?.length === 0 && <Text>Noch keine Gruppen angelegt.</Text>}
      {!!institutions.data?.length && (
        <Table striped maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Namen ändern</Table.Th>
              <Table.Th>Bearbeiten</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {institutions.data.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  {editing?.id === g.id ? (
                    <TextInput
                      aria-label={`Neuer Name für ${editing.oldName}`}
                      value={editing.name}
                      maxLength={100}
                      onChange={(e) => setEditing({ ...editing, name: e.currentTarget.value })}
                    />
                  ) : (
                    g.name
                  )}
                </Table.Td>
                <Table.Td>
                  {editing?.id === g.id ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        onClick={saveName}
                        loading={upsert.isPending}
                        disabled={normaliseGroupName(editing.name).length < GROUP_NAME_MIN_LENGTH}
                      >
                        Name speichern
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                        Rückgängig
                      </Button>
                    </Group>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Namen ändern: ${g.name}`}
                      onClick={() => setEditing({ id: g.id, oldName: g.name, name: g.name })}
                    >
                      Namen ändern
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      component={Link}
                      to={to('InstitutionAppointments', { id: staffId, insti_id: g.id })}
                      aria-label={`Bearbeiten: ${g.name}`}
                    >
                      Bearbeiten
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      component={Link}
                      to={to('ImportCustomer', { id: staffId, insti_id: g.id })}
                      aria-label={`Kunden importieren: ${g.name}`}
                    >
                      Kunden importieren
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
