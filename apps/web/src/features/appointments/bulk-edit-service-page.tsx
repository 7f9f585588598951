import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { summariseServerError } from '../../ui/server-errors';
import { bulkServiceLabel } from './appointment-field-labels';
import { useBulkUpdateServices, useDisabledAppointments } from './use-appointment-edit';
import { useAppointmentOptions } from './use-appointments';

/** appointmentBulkEditService: rebook upcoming appointments of inactive services. */
export default function BulkEditServicePage() {
  const { staffId } = useAuth();
  const list = useDisabledAppointments();
  const options = useAppointmentOptions(staffId);
  const save = useBulkUpdateServices();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [chosen, setChosen] = useState<Record<number, string | null>>({});
  const [forAll, setForAll] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The selects of the last refused save, by request path (appointments.<id>). */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const services = (options.data?.services ?? [])
    .filter((s) => s.active)
    .map((s) => ({ value: String(s.id), label: s.title }));
  const rows = list.data ?? [];

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const applyToSelected = () => {
    if (!forAll) return setError(MSG.chooseProduct);
    if (selected.size === 0) return setError(MSG.chooseCustomer);
    setError(null);
    setChosen((prev) => ({ ...prev, ...Object.fromEntries([...selected].map((id) => [id, forAll])) }));
  };

  const submit = async () => {
    if (selected.size === 0) return setError(MSG.chooseCustomer);
    const map: Record<string, number> = {};
    for (const id of selected) {
      const service = chosen[id];
      if (!service) return setError(MSG.chooseProduct);
      map[String(id)] = Number(service);
    }
    setError(null);
    setRefused({});
    try {
      await save.mutateAsync(map);
      notifications.show({ color: 'green', message: MSG.productsUpdated });
      setSelected(new Set());
      setChosen({});
    } catch (e) {
      const s = summariseServerError(e, bulkServiceLabel(rows));
      setRefused(s.errors);
      setError(
        `${MSG.genericErrorColon}${e instanceof ApiError ? s.text : e instanceof Error ? e.message : String(e)}`,
      );
    }
  };

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.appointment_id));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Termine umbuchen
        </Title>
        <Button variant="default" component={Link} to={to('appointments')}>
          Zurück zu den Terminen
        </Button>
      </Group>
      <Text>{MSG.inactiveServiceWarning} Bitte wählen Sie für jeden Termin eine aktive Dienstleistung.</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {list.isLoading ? (
        <Loader aria-label="Lädt" />
      ) : rows.length === 0 ? (
        <Text>{MSG.noDisabledAppointments}</Text>
      ) : (
        <>
          <Group align="end">
            <Select
              label="Dienstleistung für alle ausgewählten"
              placeholder="Bitte wählen"
              data={services}
              value={forAll}
              onChange={setForAll}
            />
            <Button variant="light" onClick={applyToSelected}>
              Für Auswahl übernehmen
            </Button>
          </Group>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label="Alle auswählen"
                    checked={allSelected}
                    onChange={(e) =>
                      setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.appointment_id)) : new Set())
                    }
                  />
                </Table.Th>
                <Table.Th>Kunde</Table.Th>
                <Table.Th>Termin</Table.Th>
                <Table.Th>Bisherige Dienstleistung</Table.Th>
                <Table.Th>Neue Dienstleistung</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => {
                const who = `${a.customer_firstname} ${a.customer_lastname}`;
                return (
                  <Table.Tr key={a.appointment_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${who} auswählen`}
                        checked={selected.has(a.appointment_id)}
                        onChange={(e) => toggle(a.appointment_id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{`${germanDate(a.date)} ${a.time}`}</Table.Td>
                    <Table.Td>{a.service_title}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Neue Dienstleistung für ${who}`}
                        placeholder="Bitte wählen"
                        data={services}
                        value={chosen[a.appointment_id] ?? null}
                        error={refused[`appointments.${a.appointment_id}`]}
                        onChange={(v) => {
                          setChosen((prev) => ({ ...prev, [a.appointment_id]: v }));
                          if (v) toggle(a.appointment_id, true);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              Umbuchen
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
