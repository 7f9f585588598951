import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CustomerListQuery } from '@tz/shared/customers/customers.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import { useState } from 'react';
import { Link } from 'react-router';
import { to } from '../../routes';
import { useUpright } from '../../ui/use-upright';
import { useCustomers } from './use-customers';

const PER_PAGE = 20;
const SORTS = [
  { value: 'last_name:asc', label: 'Nachname A–Z' },
  { value: 'last_name:desc', label: 'Nachname Z–A' },
  { value: 'first_name:asc', label: 'Vorname A–Z' },
  { value: 'birthday:asc', label: 'Geburtsdatum aufsteigend' },
  { value: 'id:desc', label: 'Zuletzt angelegt' },
];

/** customers: paged list with links to the customer's appointments, a new appointment and edit. */
export default function CustomersPage() {
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name, 300);
  const [sort, setSort] = useState('last_name:asc');
  const [page, setPage] = useState(1);
  const [field, order] = sort.split(':') as [CustomerListQuery['sort'], CustomerListQuery['order']];
  const list = useCustomers({ page, per_page: PER_PAGE, sort: field, order, name: debounced.trim() || undefined });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  // A tablet upright: the e-mail stands under the name, so the three links keep one line.
  const upright = useUpright();

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Kunden
        </Title>
        <Button component={Link} to={to('create_appointment_and_customer')}>
          Termin und Kunde anlegen
        </Button>
      </Group>
      <Group align="end">
        <TextInput
          label="Name"
          placeholder="Name suchen"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select label="Sortierung" data={SORTS} value={sort} onChange={(v) => v && setSort(v)} allowDeselect={false} />
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isLoading ? (
        <Loader aria-label="Lädt" />
      ) : list.data?.items.length ? (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Geburtsdatum</Table.Th>
              {!upright && <Table.Th>E-Mail</Table.Th>}
              {/* The place only from xl: on a tablet the row keeps its three actions on one line. */}
              <Table.Th visibleFrom="xl">Ort</Table.Th>
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {`${c.last_name}, ${c.first_name}`}
                  {upright && c.email && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {c.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{germanDate(c.birthday)}</Table.Td>
                {!upright && <Table.Td>{c.email}</Table.Td>}
                <Table.Td visibleFrom="xl">{[c.postcode, c.city].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                    <Anchor
                      component={Link}
                      to={to('appointments_for_customer', { id: c.id })}
                      aria-label={`Termine von ${c.full_name}`}
                    >
                      Termine
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={to('customer.create_appointment', { id: c.id })}
                      aria-label={`Termin anlegen für ${c.full_name}`}
                    >
                      Termin anlegen
                    </Anchor>
                    <Anchor
                      component={Link}
                      to={to('customer_edit', { id: c.id })}
                      aria-label={`${c.full_name} bearbeiten`}
                    >
                      Bearbeiten
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text>Keine Kunden gefunden</Text>
      )}
      {list.data && (
        <Group justify="space-between">
          <Text size="sm">{list.data.total} Kunden</Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(p) => ({ 'aria-label': `Seite ${p}` })}
            getItemProps={(p) => ({ 'aria-label': `Seite ${p}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
