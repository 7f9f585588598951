import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { CSV_HEADER_LINE } from '@tz/shared/groups/customer-csv';
import { importedTotal, MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { TimeField } from '../schedule/time-field';
import { useServices } from '../services/use-services';
import { CsvImport, SampleCsvLink } from './csv-import';
import { useAddGroupAppointments, useInstitution, useInstitutionAppointments, useRemoveFromGroup } from './use-groups';

/** Day index 1 (Sunday) to 7 (Saturday), as everywhere in the spec. */
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const pad = (n: number | string) => String(n).padStart(2, '0');

/** Group page (route InstitutionAppointments): members, CSV import, bulk appointments, the group's appointments. */
export default function InstitutionPage() {
  const params = useParams();
  const staffId = Number(params.id);
  const institutionId = Number(params.insti_id);
  const institution = useInstitution(staffId, institutionId);
  const remove = useRemoveFromGroup(staffId, institutionId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [showHelp, setShowHelp] = useState(false);
  const members = institution.data?.aoCustomers ?? [];
  const allSelected = members.length > 0 && members.every((m) => selected.has(m.id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmRemove = (customerId: number, name: string) =>
    modals.openConfirmModal({
      title: `${name} aus der Gruppe entfernen`,
      children: <Text>{MSG.removeFromGroupConfirm}</Text>,
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(customerId);
          setSelected((s) => {
            const next = new Set(s);
            next.delete(customerId);
            return next;
          });
          notifications.show({ color: 'green', message: MSG.removedFromGroup });
        } catch {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: MSG.genericError });
        }
      },
    });

  if (institution.isLoading) return <Loader aria-label="Gruppe wird geladen" />;
  if (institution.isError) return <Alert color="red">{institution.error.message}</Alert>;

  return (
    <Stack>
      <Title order={1} size="h2">
        Gruppe: {institution.data?.institution.name}
      </Title>

      <Title order={2} size="h3">
        Kunden der Gruppe
      </Title>
      {members.length === 0 ? (
        <Text>Diese Gruppe hat noch keine Kunden.</Text>
      ) : (
        // Fits from 992 px of content: below xl the address is one column and phone and ID card number
        // go (both are on the customer's edit screen), so a tablet shows who is in the group without scrolling.
        <Table striped aria-label="Kunden der Gruppe">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  aria-label="Alle auswählen"
                  checked={allSelected}
                  indeterminate={!allSelected && selected.size > 0}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(members.map((m) => m.id)))}
                />
              </Table.Th>
              <Table.Th>Nachname</Table.Th>
              <Table.Th>Vorname</Table.Th>
              <Table.Th visibleFrom="xl">Straße und Hausnummer</Table.Th>
              <Table.Th visibleFrom="xl">PLZ</Table.Th>
              <Table.Th visibleFrom="xl">Ort</Table.Th>
              <Table.Th hiddenFrom="xl">Anschrift</Table.Th>
              <Table.Th>E-Mail</Table.Th>
              <Table.Th visibleFrom="xl">Telefon</Table.Th>
              <Table.Th>Geburtstag</Table.Th>
              <Table.Th visibleFrom="xl">Ausweisnummer</Table.Th>
              <Table.Th>Aktionen</Table.Th>
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
                      checked={selected.has(m.id)}
                      onChange={() => toggle(m.id)}
                    />
                  </Table.Td>
                  <Table.Td>{m.last_name}</Table.Td>
                  <Table.Td>{m.first_name}</Table.Td>
                  <Table.Td visibleFrom="xl">{m.street}</Table.Td>
                  <Table.Td visibleFrom="xl">{m.postcode}</Table.Td>
                  <Table.Td visibleFrom="xl">{m.city}</Table.Td>
                  <Table.Td hiddenFrom="xl">
                    {[m.street, [m.postcode, m.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
                  <Table.Td visibleFrom="xl">{m.phone}</Table.Td>
                  <Table.Td>{germanDate(m.birthday)}</Table.Td>
                  <Table.Td visibleFrom="xl">{m.passport}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={to('customer_edit', { id: m.id })} aria-label={`${name} bearbeiten`}>
                        Bearbeiten
                      </Anchor>
                      <ActionIcon
                        color="red"
                        variant="light"
                        aria-label={`${name} aus der Gruppe entfernen`}
                        onClick={() => confirmRemove(m.id, name)}
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
      )}

      <Title order={2} size="h3" mt="lg">
        Termine für die Gruppe
      </Title>
      <BulkAppointmentForm staffId={staffId} institutionId={institutionId} selected={[...selected]} />
      <GroupAppointments staffId={staffId} institutionId={institutionId} />

      <Title order={2} size="h3" mt="lg">
        Kunden per CSV importieren
      </Title>
      <div>
        <Button variant="subtle" onClick={() => setShowHelp((v) => !v)} aria-expanded={showHelp}>
          {showHelp ? 'CSV-Anleitung ausblenden' : 'CSV-Anleitung anzeigen'}
        </Button>
      </div>
      <Collapse expanded={showHelp}>
        <Stack gap="xs">
          <Text>Die erste Zeile der Datei muss genau diese Spaltennamen enthalten (Reihenfolge beliebig):</Text>
          <Text ff="monospace">{CSV_HEADER_LINE}</Text>
          <Text>
            Trennzeichen ist das Semikolon, die Kodierung UTF-8 oder ISO-8859-1. Die Straße enthält die Hausnummer, der
            Geburtstag steht als TT.MM.JJJJ. Weitere Spalten werden angezeigt, aber nicht importiert; leere Zeilen
            werden ignoriert. Höchstens 5 MB und 20.000 Zeilen.
          </Text>
          <SampleCsvLink />
        </Stack>
      </Collapse>
      <CsvImport
        staffId={staffId}
        institutionId={institutionId}
        onImported={(n) => notifications.show({ color: 'green', message: importedTotal(n) })}
      />
    </Stack>
  );
}

function BulkAppointmentForm({
  staffId,
  institutionId,
  selected,
}: {
  staffId: number;
  institutionId: number;
  selected: number[];
}) {
  const services = useServices(staffId);
  const add = useAddGroupAppointments(staffId, institutionId);
  const today = new Date();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(String(today.getDate()));
  const [month, setMonth] = useState<string | null>(String(today.getMonth() + 1));
  const [year, setYear] = useState<string | null>(String(today.getFullYear()));
  const [time, setTime] = useState('');
  const years = [0, 1, 2].map((n) => String(today.getFullYear() + n));
  const ready = selected.length > 0 && !!serviceId && time.trim() !== '' && !!day && !!month && !!year;

  const submit = async () => {
    if (!ready) return;
    const [h = '', m = ''] = time.trim().split(':');
    try {
      await add.mutateAsync({
        service_id: Number(serviceId),
        aSelectedCustomer: selected,
        sSelectedDateTime: `${year}-${pad(month!)}-${pad(day!)} ${pad(h)}:${m}`,
      });
      notifications.show({ color: 'green', message: MSG.appointmentsSaved });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError,
      });
    }
  };

  return (
    <Group align="end">
      <Select
        label="Dienstleistung"
        allowDeselect={false}
        data={(services.data ?? []).filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.title }))}
        value={serviceId}
        onChange={setServiceId}
        w={260}
      />
      <Select
        label="Tag"
        allowDeselect={false}
        data={Array.from({ length: 31 }, (_, i) => String(i + 1))}
        value={day}
        onChange={setDay}
        w={80}
      />
      <Select
        label="Monat"
        allowDeselect={false}
        data={Array.from({ length: 12 }, (_, i) => String(i + 1))}
        value={month}
        onChange={setMonth}
        w={80}
      />
      <Select label="Jahr" allowDeselect={false} data={years} value={year} onChange={setYear} w={100} />
      <TimeField label="Uhrzeit" value={time} onChange={(e) => setTime(e.currentTarget.value)} />
      <Button onClick={submit} disabled={!ready} loading={add.isPending}>
        {selected.length} Termine erstellen
      </Button>
    </Group>
  );
}

function GroupAppointments({ staffId, institutionId }: { staffId: number; institutionId: number }) {
  const list = useInstitutionAppointments(staffId, institutionId);
  if (list.isLoading) return <Loader aria-label="Termine der Gruppe werden geladen" />;
  if (!list.data?.length) return <Text>Die Gruppe hat noch keine Termine.</Text>;
  return (
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
        {list.data.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{WEEKDAYS[a.weekday - 1]}</Table.Td>
            <Table.Td>{germanDate(a.date)}</Table.Td>
            <Table.Td>{a.time}</Table.Td>
            <Table.Td>{a.service_title}</Table.Td>
            <Table.Td>{a.cat_name}</Table.Td>
            <Table.Td>{a.number}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
