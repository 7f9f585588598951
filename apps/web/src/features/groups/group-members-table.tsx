import { ActionIcon, Anchor, Checkbox, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { GroupCustomer } from '@tz/shared/groups/groups.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import { Link } from 'react-router';
import { to } from '../../routes';
import { chosenCount, isChosen, type MemberSelection } from './member-selection';

const de = (n: number) => n.toLocaleString('de-DE');
const postcodeCity = (m: GroupCustomer) => [m.postcode, m.city].filter(Boolean).join(' ');
const wrap = { overflowWrap: 'anywhere' } as const;

/**
 * One page of the group's members with every field of the spec (last and first
 * name, street, postcode, city, e-mail, phone, birthday, ID number). From
 * 992 px the address and the contact are folded into two lines each; below,
 * one column holds the person and one the address and contact, so the table
 * fits 768 px without scrolling sideways. 'Alle auswählen' chooses the whole
 * group, not just this page.
 */
export function GroupMembersTable({
  members,
  total,
  page,
  pages,
  onPage,
  selection,
  onSelectAll,
  onToggle,
  onRemove,
}: {
  members: GroupCustomer[];
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  selection: MemberSelection;
  onSelectAll: (all: boolean) => void;
  onToggle: (id: number) => void;
  onRemove: (member: GroupCustomer) => void;
}) {
  const count = chosenCount(selection, total);
  const allChosen = total > 0 && count === total;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {de(total)} {total === 1 ? 'Mitglied' : 'Mitglieder'}, {de(count)} ausgewählt
        {pages > 1 && ` · Seite ${de(page)} von ${de(pages)}`}
      </Text>
      <Table striped aria-label="Kunden der Gruppe" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Alle auswählen"
                title={`Alle ${de(total)} Mitglieder der Gruppe auswählen`}
                checked={allChosen}
                indeterminate={!allChosen && count > 0}
                onChange={() => onSelectAll(!allChosen)}
              />
            </Table.Th>
            <Table.Th visibleFrom="md">Nachname</Table.Th>
            <Table.Th visibleFrom="md">Vorname</Table.Th>
            <Table.Th visibleFrom="md" w="18%">
              Anschrift
            </Table.Th>
            <Table.Th visibleFrom="md" w="20%">
              E-Mail / Telefon
            </Table.Th>
            <Table.Th visibleFrom="md" w={104}>
              Geburtstag
            </Table.Th>
            <Table.Th visibleFrom="md" w={136}>
              Ausweisnummer
            </Table.Th>
            <Table.Th hiddenFrom="md">Kunde</Table.Th>
            <Table.Th hiddenFrom="md">Anschrift und Kontakt</Table.Th>
            <Table.Th w={140}>Aktionen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => {
            const name = `${m.first_name} ${m.last_name}`;
            return (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`${name} auswählen`}
                    checked={isChosen(selection, m.id)}
                    onChange={() => onToggle(m.id)}
                  />
                </Table.Td>
                <Table.Td visibleFrom="md" style={wrap}>
                  {m.last_name}
                </Table.Td>
                <Table.Td visibleFrom="md" style={wrap}>
                  {m.first_name}
                </Table.Td>
                <Table.Td visibleFrom="md" style={wrap}>
                  {m.street}
                  <br />
                  {postcodeCity(m)}
                </Table.Td>
                <Table.Td visibleFrom="md" style={wrap}>
                  {m.email}
                  {m.email && m.phone && <br />}
                  {m.phone}
                </Table.Td>
                <Table.Td visibleFrom="md">{germanDate(m.birthday)}</Table.Td>
                <Table.Td visibleFrom="md" style={wrap}>
                  {m.passport}
                </Table.Td>
                <Table.Td hiddenFrom="md" style={wrap}>
                  <Text fw={600} size="sm">
                    {m.last_name}, {m.first_name}
                  </Text>
                  <Text size="sm">{germanDate(m.birthday)}</Text>
                  {m.passport && <Text size="sm">Ausweisnr. {m.passport}</Text>}
                </Table.Td>
                <Table.Td hiddenFrom="md" style={wrap}>
                  <Text size="sm">{m.street}</Text>
                  <Text size="sm">{postcodeCity(m)}</Text>
                  {m.email && <Text size="sm">{m.email}</Text>}
                  {m.phone && <Text size="sm">Tel. {m.phone}</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={to('customer_edit', { id: m.id })} aria-label={`${name} bearbeiten`}>
                      Bearbeiten
                    </Anchor>
                    <ActionIcon
                      color="red"
                      variant="light"
                      aria-label={`${name} aus der Gruppe entfernen`}
                      onClick={() => onRemove(m)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : undefined,
          })}
          getItemProps={(p) => ({ 'aria-label': `Seite ${p}` })}
        />
      )}
    </Stack>
  );
}
