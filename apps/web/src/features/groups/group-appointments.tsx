import { Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { germanDate } from '@tz/shared/rules/german-date';
import { useState } from 'react';
import { useInstitutionAppointments } from './use-groups';

/** Day index 1 (Sunday) to 7 (Saturday), as everywhere in the spec. */
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
/** Lines per page: one line is every member booked at one start for one service, so pages stay short. */
const PER_PAGE = 20;

/** The group's appointments (configuration-admin §2): weekday, date, start, product, product group, and how many. */
export function GroupAppointments({ staffId, institutionId }: { staffId: number; institutionId: number }) {
  const list = useInstitutionAppointments(staffId, institutionId);
  const [page, setPage] = useState(1);
  if (list.isLoading) return <Loader aria-label="Termine der Gruppe werden geladen" />;
  if (!list.data?.length) return <Text>Die Gruppe hat noch keine Termine.</Text>;
  const pages = Math.ceil(list.data.length / PER_PAGE);
  const shown = list.data.slice((Math.min(page, pages) - 1) * PER_PAGE, Math.min(page, pages) * PER_PAGE);
  return (
    <Stack gap="xs">
      <Table striped maw={900} aria-label="Termine der Gruppe">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Wochentag</Table.Th>
            <Table.Th>Datum</Table.Th>
            <Table.Th>Beginn</Table.Th>
            <Table.Th>Produkt</Table.Th>
            <Table.Th>Produktgruppe</Table.Th>
            <Table.Th>Anzahl</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{WEEKDAYS[a.weekday - 1]}</Table.Td>
              <Table.Td>{germanDate(a.date)}</Table.Td>
              <Table.Td>{a.time}</Table.Td>
              <Table.Td>{a.service_title}</Table.Td>
              <Table.Td>{a.cat_name}</Table.Td>
              <Table.Td>{a.number.toLocaleString('de-DE')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          getItemProps={(p) => ({ 'aria-label': `Termine, Seite ${p}` })}
        />
      )}
    </Stack>
  );
}
