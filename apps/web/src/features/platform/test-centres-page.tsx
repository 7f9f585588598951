import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { CENTRE_TYPES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { TestCentre } from '@tz/shared/platform/platform.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { useAdoptTestCentre, useCreateTestCentre, useSetTestCentreActive, useTestCentres } from './use-platform';
import { useSwitchWorkingCentre } from './working-centre';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);

const NEW_CENTRE_LABELS = { full_name: 'Name', city: 'Ort', type: 'Art' };

/** listTestcenters (configuration-admin §2): every centre, activation, deactivation, ID adoption. */
export default function TestCentresPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const centres = useTestCentres({ q: q || undefined, page });
  const pages = centres.data ? Math.max(1, Math.ceil(centres.data.total / centres.data.page_size)) : 1;
  const auth = useAuth();
  const switchTo = useSwitchWorkingCentre();
  const adoptCall = useAdoptTestCentre();
  const setActive = useSetTestCentreActive();

  const adopt = async (id: number) => {
    try {
      await adoptCall.mutateAsync(id);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
      return;
    }
    switchTo(id);
    notifications.show({ message: MSG.idAdopted, autoClose: 1000 });
  };

  const toggle = (c: TestCentre) => {
    const deactivate = !c.deactivated;
    modals.openConfirmModal({
      title: deactivate ? 'Zentrum deaktivieren' : 'Zentrum wieder aktivieren',
      children: (
        <Text size="sm">
          {c.full_name}: {deactivate ? MSG.centreDeactivateConfirm : MSG.centreReactivateConfirm}
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      confirmProps: { color: deactivate ? 'red' : undefined },
      onConfirm: async () => {
        try {
          const res = await setActive.mutateAsync({ staffId: c.id, active: !deactivate });
          notifications.show({ color: 'green', message: res.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
        }
      },
    });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Alle Testzentren
      </Title>
      <NewCentreForm />
      <search>
        <TextInput
          label="Zentrum suchen"
          description="Name, Ort oder ID"
          placeholder="z. B. Apotheke Kiel oder 1042"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
      </search>
      {centres.isLoading && <Loader aria-label="Testzentren werden geladen" />}
      {centres.error && (
        <Text c="red">{centres.error instanceof ApiError ? centres.error.message : MSG.genericError}</Text>
      )}
      {centres.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {centresFound(centres.data.total, q)}
        </Text>
      )}
      {centres.data && centres.data.rows.length > 0 && (
        <Table striped highlightOnHover aria-label="Testzentren">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Ort</Table.Th>
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {centres.data.rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.id}</Table.Td>
                <Table.Td>
                  {c.full_name}{' '}
                  {c.deactivated && (
                    <Badge color="red" variant="light">
                      deaktiviert
                    </Badge>
                  )}
                  {c.id === auth.staffId && (
                    <Badge color="blue" variant="light">
                      Arbeits-ID
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{c.city}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {!c.testcenter ? (
                      <Button
                        size="xs"
                        component={Link}
                        to={to('testcenter_user', { id: c.id })}
                        aria-label={`Benutzer anlegen und aktivieren: ${c.full_name}`}
                      >
                        Benutzer anlegen und aktivieren
                      </Button>
                    ) : (
                      c.id !== auth.bookly_staff_id && (
                        <Button
                          size="xs"
                          variant={c.deactivated ? 'light' : 'default'}
                          color={c.deactivated ? 'green' : 'red'}
                          onClick={() => toggle(c)}
                          aria-label={`${c.deactivated ? 'Reaktivieren' : 'Deaktivieren'}: ${c.full_name}`}
                        >
                          {c.deactivated ? 'Reaktivieren' : 'Deaktivieren'}
                        </Button>
                      )
                    )}
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => adopt(c.id)}
                      loading={adoptCall.isPending && adoptCall.variables === c.id}
                      aria-label={`ID übernehmen: ${c.full_name}`}
                    >
                      ID übernehmen
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          aria-label="Seiten der Zentrenliste"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : control,
          })}
          getItemProps={(p) => ({ 'aria-label': `Seite ${p}` })}
        />
      )}
    </Stack>
  );
}

const centresFound = (total: number, q: string) => {
  const n = total === 1 ? '1 Zentrum' : `${total.toLocaleString('de-DE')} Zentren`;
  return q ? `${n} gefunden für „${q}“` : `${n} insgesamt, neueste zuerst`;
};

/** A new centre: name, city and type; it is activated afterwards by creating its first user. */
function NewCentreForm() {
  const create = useCreateTestCentre();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { full_name: '', city: '', type: '1' },
    validate: {
      full_name: (v) => (v.trim() ? null : 'Bitte einen Namen angeben'),
      city: (v) => (v.trim() ? null : 'Bitte einen Ort angeben'),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const res = await create.mutateAsync(v);
      notifications.show({ color: 'green', message: res.message });
      form.reset();
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(NEW_CENTRE_LABELS)).text);
    }
  });
  return (
    <Paper withBorder p="sm">
      <form onSubmit={submit} noValidate aria-label="Neues Zentrum anlegen">
        <Stack gap="xs">
          <Text fw={500}>Neues Zentrum anlegen</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group align="flex-end">
            <TextInput label={NEW_CENTRE_LABELS.full_name} required {...form.getInputProps('full_name')} />
            <TextInput label={NEW_CENTRE_LABELS.city} required {...form.getInputProps('city')} />
            <Select
              label={NEW_CENTRE_LABELS.type}
              data={CENTRE_TYPES.map((t) => ({ value: t.id, label: t.name }))}
              allowDeselect={false}
              {...form.getInputProps('type')}
            />
            <Button type="submit" loading={create.isPending}>
              Zentrum anlegen
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
