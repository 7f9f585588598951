import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import type { Rx, RxBody } from '@tz/shared/pharma/pharma.contract';
import { germanDate, parseGermanDate } from '@tz/shared/rules/german-date';
import { euros } from '@tz/shared/rules/vat-total';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { customerName, serverMessage } from './pharma-page';
import { useCustomerChoices, useRx, useSaveRx } from './use-pharma';

type Form = {
  customer_id: string | null;
  date: string | null;
  start: string | null;
  end: string | null;
  notes: string;
  active: boolean;
};

const formOf = (rx: Rx | undefined): Form => {
  const today = dayjs().format('YYYY-MM-DD');
  return rx
    ? {
        customer_id: String(rx.customer.id),
        date: rx.date,
        start: rx.start,
        end: rx.end,
        notes: rx.notes,
        active: rx.active,
      }
    : { customer_id: null, date: today, start: today, end: null, notes: '', active: true };
};

const dateProps = { valueFormat: 'DD.MM.YYYY', dateParser: parseGermanDate, placeholder: 'TT.MM.JJJJ' } as const;

function RxForm({ staffId, rx }: { staffId: number; rx?: Rx }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formOf(rx));
  const [search, setSearch] = useState('');
  const choices = useCustomerChoices(staffId, search.includes(',') ? '' : search);
  const save = useSaveRx(staffId);
  const options = (choices.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.last_name}, ${c.first_name}${c.birthday ? ` (${germanDate(c.birthday)})` : ''}`,
  }));
  if (rx && !options.some((o) => o.value === String(rx.customer.id))) {
    options.unshift({ value: String(rx.customer.id), label: customerName(rx) });
  }

  const submit = async () => {
    if (!form.customer_id || !form.date || !form.start) return;
    const body: RxBody = {
      customer_id: Number(form.customer_id),
      date: form.date,
      start: form.start,
      end: form.end || null,
      notes: form.notes,
      active: form.active,
    };
    try {
      const res = await save.mutateAsync({ rxId: rx?.id ?? null, body });
      notifications.show({ color: 'green', message: res.message });
      if (!rx) navigate(to('rxEdit', { rx_id: res.rx.id }), { replace: true });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  return (
    <Stack maw={560}>
      <Select
        label="Kunde"
        placeholder="Name suchen"
        searchable
        required
        data={options}
        value={form.customer_id}
        onChange={(v) => setForm({ ...form, customer_id: v })}
        onSearchChange={setSearch}
        nothingFoundMessage="Kein Kunde gefunden"
      />
      {rx && (
        <Text size="sm">
          <Link to={to('customer_edit', { id: rx.customer.id })}>Kunde öffnen</Link>
        </Text>
      )}
      <DateInput
        label="Ausstellungsdatum"
        required
        {...dateProps}
        value={form.date}
        onChange={(v) => setForm({ ...form, date: v })}
      />
      <Group grow>
        <DateInput
          label="Beginn der Leistung"
          required
          {...dateProps}
          value={form.start}
          onChange={(v) => setForm({ ...form, start: v })}
        />
        <DateInput
          label="Ende der Leistung"
          clearable
          clearButtonProps={{ 'aria-label': 'Ende löschen' }}
          {...dateProps}
          value={form.end}
          minDate={form.start ?? undefined}
          onChange={(v) => setForm({ ...form, end: v })}
        />
      </Group>
      <Textarea
        label="Notizen"
        autosize
        minRows={2}
        maxLength={2000}
        value={form.notes}
        onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
      />
      <Checkbox
        label="Aktiv"
        checked={form.active}
        onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })}
      />
      <Group>
        <Button
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={!form.customer_id || !form.date || !form.start}
        >
          Speichern
        </Button>
        <Button variant="default" component={Link} to={to('pharma')}>
          Zurück
        </Button>
      </Group>
    </Stack>
  );
}

function Usages({ rx }: { rx: Rx }) {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Abgaben
        </Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={to('rxDocuments', { rx_id: rx.id })}>
            Dokumente ({rx.documents})
          </Button>
          <Button component={Link} to={to('rxUsageEdit', { rx_id: rx.id, usage_id: 'new' })}>
            Neue Abgabe
          </Button>
        </Group>
      </Group>
      {rx.rx_usages.length === 0 ? (
        <Text>Noch keine Abgaben.</Text>
      ) : (
        <Table striped withTableBorder aria-label="Abgaben der Verordnung">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kommissioniert</Table.Th>
              <Table.Th>Übergabe</Table.Th>
              <Table.Th>Produkte</Table.Th>
              <Table.Th>Gesamt inkl. MwSt.</Table.Th>
              <Table.Th>Abgerechnet</Table.Th>
              <Table.Th>Aktion</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rx.rx_usages.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{germanDate(u.date)}</Table.Td>
                <Table.Td>{u.handover_date ? germanDate(u.handover_date) : '—'}</Table.Td>
                <Table.Td>{u.products.map((p) => p.customer_title).join(', ')}</Table.Td>
                <Table.Td>{euros(u.total)}</Table.Td>
                <Table.Td>{u.billed ? 'ja' : 'nein'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    component={Link}
                    to={to('rxUsageEdit', { rx_id: rx.id, usage_id: u.id })}
                  >
                    {u.billed ? 'Ansehen' : 'Bearbeiten'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Prescription edit (rxEdit; rx_id 'new' creates one): customer, dates, notes, active and its usages. */
export default function RxEditPage() {
  const { staffId } = useAuth();
  const param = useParams().rx_id;
  const rxId = param === 'new' ? null : Number(param);
  const rx = useRx(staffId, rxId);
  return (
    <Stack>
      <Title order={1} size="h2">
        {rxId === null ? 'Neue Verordnung' : 'Verordnung bearbeiten'}
      </Title>
      {rxId !== null && rx.isLoading && <Loader aria-label="Verordnung wird geladen" />}
      {rx.error && (
        <Alert color="red" role="alert">
          {serverMessage(rx.error)}
        </Alert>
      )}
      {rxId === null && <RxForm staffId={staffId} />}
      {rx.data && (
        <>
          <RxForm key={rx.data.id} staffId={staffId} rx={rx.data} />
          <Usages rx={rx.data} />
        </>
      )}
    </Stack>
  );
}
