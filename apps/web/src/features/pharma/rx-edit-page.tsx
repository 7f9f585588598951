import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { PHARMA_MSG, type Rx, type RxBody } from '@tz/shared/pharma/pharma.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import { euros } from '@tz/shared/rules/vat-total';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { RX_LABELS } from './pharma-field-labels';
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

type DateKey = 'date' | 'start' | 'end';

/** The rules of the three dates, the server's (rxBodySchema) with its words. */
const dateRules = (form: Form) => ({
  date: { required: true },
  start: { required: true },
  end: { min: form.start, minMessage: PHARMA_MSG.endBeforeStart },
});

function RxForm({ staffId, rx }: { staffId: number; rx?: Rx }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formOf(rx));
  const [search, setSearch] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const inputs = {
    date: useRef<HTMLInputElement>(null),
    start: useRef<HTMLInputElement>(null),
    end: useRef<HTMLInputElement>(null),
  };
  const rules = dateRules(form);
  const edit = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setServerErrors((errors) => {
      const rest = { ...errors };
      for (const key of Object.keys(patch)) delete rest[key];
      return rest;
    });
  };
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
    // A date the field refuses is never sent in another form (issue 26): the field keeps it and says why.
    const refused = (['date', 'start', 'end'] as DateKey[]).find((k) => dateFieldProblem(form[k], rules[k]));
    if (refused) {
      inputs[refused].current?.focus();
      const reason = `${RX_LABELS[refused]}: ${dateFieldProblem(form[refused], rules[refused])}`;
      notifications.show({ color: 'red', title: MSG.errorTitle, message: reason });
      return;
    }
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
      const refused = summariseServerError(e, labelsOf(RX_LABELS));
      setServerErrors(refused.errors);
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: refused.first ? refused.text : serverMessage(e),
      });
    }
  };

  return (
    <Stack maw={560}>
      <Select
        label={RX_LABELS.customer_id}
        placeholder="Name suchen"
        searchable
        required
        data={options}
        value={form.customer_id}
        onChange={(v) => edit({ customer_id: v })}
        error={serverErrors.customer_id}
        onSearchChange={setSearch}
        nothingFoundMessage="Kein Kunde gefunden"
      />
      {rx && (
        <Text size="sm">
          <Link to={to('customer_edit', { id: rx.customer.id })}>Kunde öffnen</Link>
        </Text>
      )}
      <GermanDateInput
        label={RX_LABELS.date}
        required
        ref={inputs.date}
        value={form.date}
        onChange={(v) => edit({ date: v })}
        error={serverErrors.date}
      />
      <Group grow align="flex-start">
        <GermanDateInput
          label={RX_LABELS.start}
          required
          ref={inputs.start}
          value={form.start}
          onChange={(v) => edit({ start: v })}
          error={serverErrors.start}
        />
        <GermanDateInput
          label={RX_LABELS.end}
          clearable
          clearLabel="Ende löschen"
          ref={inputs.end}
          {...rules.end}
          value={form.end}
          onChange={(v) => edit({ end: v })}
          error={serverErrors.end}
        />
      </Group>
      <Textarea
        label={RX_LABELS.notes}
        autosize
        minRows={2}
        maxLength={2000}
        value={form.notes}
        onChange={(e) => edit({ notes: e.currentTarget.value })}
        error={serverErrors.notes}
      />
      <Checkbox
        label={RX_LABELS.active}
        checked={form.active}
        onChange={(e) => edit({ active: e.currentTarget.checked })}
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
