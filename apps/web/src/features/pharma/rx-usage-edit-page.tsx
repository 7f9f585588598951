import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Overlay,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { RxUsage, UsageBody } from '@tz/shared/pharma/pharma.contract';
import { PHARMA_MSG } from '@tz/shared/pharma/pharma.contract';
import { validPzn } from '@tz/shared/rules/pzn';
import { euros, usageTotal } from '@tz/shared/rules/vat-total';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { useUpright } from '../../ui/use-upright';
import { MoneyInput } from './money-input';
import { USAGE_LABELS } from './pharma-field-labels';
import { customerName, serverMessage } from './pharma-page';
import { useBillUsages, useDeleteUsage, useProducts, useRx, useSaveUsage, useUsage } from './use-pharma';

type Line = { product_id: number | null; customer_title: string; customer_price: number; price: number; pzn: string };
type Form = { date: string | null; handover_date: string | null; products: Line[] };

/** The rules of the two dates, the server's (usageBodySchema) with its words. */
const dateRules = (form: Form) => ({
  date: { required: true },
  handover_date: { min: form.date, minMessage: PHARMA_MSG.handoverBeforeDate },
});

function UsageForm({ staffId, rxId, usage }: { staffId: number; rxId: number; usage?: RxUsage }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const catalogue = useProducts(staffId);
  const save = useSaveUsage(staffId, rxId);
  const remove = useDeleteUsage(staffId, rxId);
  const bill = useBillUsages(staffId);
  const [form, setForm] = useState<Form>(() =>
    usage
      ? {
          date: usage.date,
          handover_date: usage.handover_date,
          products: usage.products.map(({ id: _id, ...p }) => p),
        }
      : { date: dayjs().format('YYYY-MM-DD'), handover_date: null, products: [] },
  );
  const [pick, setPick] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const inputs = { date: useRef<HTMLInputElement>(null), handover_date: useRef<HTMLInputElement>(null) };
  const rules = dateRules(form);
  const editDate = (patch: Partial<Pick<Form, 'date' | 'handover_date'>>) => {
    setForm({ ...form, ...patch });
    setServerErrors({});
  };
  // A tablet upright: the remove button says 'Entfernen', so the five columns fit 736 px.
  const upright = useUpright();
  const billed = usage?.billed ?? false;
  const total = usageTotal(form.products);
  const setLine = (i: number, patch: Partial<Line>) =>
    setForm({ ...form, products: form.products.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  const addFromCatalogue = (id: string | null) => {
    const p = catalogue.data?.find((c) => String(c.id) === id);
    if (!p) return;
    setForm({
      ...form,
      products: [
        ...form.products,
        { product_id: p.id, customer_title: p.title, customer_price: p.customer_price, price: p.price, pzn: p.pzn },
      ],
    });
    setPick(null);
  };

  const submit = async () => {
    if (!form.date) return;
    // A date the field refuses is never sent in another form (issue 26): the field keeps it and says why.
    const refused = (['date', 'handover_date'] as const).find((k) => dateFieldProblem(form[k], rules[k]));
    if (refused) {
      inputs[refused].current?.focus();
      const reason = `${USAGE_LABELS[refused]}: ${dateFieldProblem(form[refused], rules[refused])}`;
      notifications.show({ color: 'red', title: MSG.errorTitle, message: reason });
      return;
    }
    const body: UsageBody = { date: form.date, handover_date: form.handover_date || null, products: form.products };
    try {
      const res = await save.mutateAsync({ usageId: usage?.id ?? null, body });
      notifications.show({ color: 'green', message: res.message });
      navigate(to('rxEdit', { rx_id: rxId }));
    } catch (e) {
      const refused = summariseServerError(e, labelsOf(USAGE_LABELS));
      setServerErrors(refused.errors);
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: refused.first ? refused.text : serverMessage(e),
      });
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Abgabe löschen',
      children: <Text size="sm">Möchten Sie diese Abgabe wirklich löschen?</Text>,
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          const res = await remove.mutateAsync(usage!.id);
          notifications.show({ color: 'green', message: res.message });
          navigate(to('rxEdit', { rx_id: rxId }));
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
        }
      },
    });

  const markBilled = async () => {
    try {
      const res = await bill.mutateAsync([usage!.id]);
      notifications.show({ color: 'green', message: res.message });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  return (
    <Stack pos="relative">
      {billed && (
        <Overlay color="#fff" backgroundOpacity={0.7} zIndex={5} center>
          <Stack align="center" gap="xs">
            <Text fw={700}>{MSG.usageBilled}</Text>
            <Button variant="default" component={Link} to={to('rxEdit', { rx_id: rxId })}>
              Zurück zur Verordnung
            </Button>
          </Stack>
        </Overlay>
      )}
      <Checkbox label="Abgerechnet" checked={billed} readOnly disabled />
      <Group grow maw={560} align="flex-start">
        <GermanDateInput
          label={USAGE_LABELS.date}
          required
          ref={inputs.date}
          value={form.date}
          onChange={(v) => editDate({ date: v })}
          error={serverErrors.date}
          disabled={billed}
        />
        <GermanDateInput
          label={USAGE_LABELS.handover_date}
          clearable
          clearLabel="Übergabe löschen"
          ref={inputs.handover_date}
          {...rules.handover_date}
          value={form.handover_date}
          onChange={(v) => editDate({ handover_date: v })}
          error={serverErrors.handover_date}
          disabled={billed}
        />
      </Group>
      <Title order={2} size="h4">
        Produkte
      </Title>
      {form.products.length === 0 && <Text>Noch keine Produkte.</Text>}
      {form.products.length > 0 && (
        <Table withTableBorder aria-label="Produkte der Abgabe">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bezeichnung</Table.Th>
              <Table.Th>Kundenpreis</Table.Th>
              <Table.Th>Preis (netto)</Table.Th>
              <Table.Th>PZN</Table.Th>
              <Table.Th>Aktion</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.products.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id before they are saved
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput
                    aria-label={`Bezeichnung ${i + 1}`}
                    value={l.customer_title}
                    onChange={(e) => setLine(i, { customer_title: e.currentTarget.value })}
                    maxLength={200}
                    disabled={billed}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    label={`Kundenpreis ${i + 1}`}
                    cents={l.customer_price}
                    onChange={(c) => setLine(i, { customer_price: c })}
                    disabled={billed}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    label={`Preis ${i + 1}`}
                    cents={l.price}
                    onChange={(c) => setLine(i, { price: c })}
                    disabled={billed}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`PZN ${i + 1}`}
                    value={l.pzn}
                    onChange={(e) => setLine(i, { pzn: e.currentTarget.value, product_id: null })}
                    maxLength={12}
                    w={120}
                    error={l.pzn && !validPzn(l.pzn) ? PHARMA_MSG.invalidPzn : undefined}
                    disabled={billed}
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setForm({ ...form, products: form.products.filter((_, j) => j !== i) })}
                    disabled={billed}
                    aria-label={`Produkt ${i + 1} entfernen`}
                  >
                    {upright ? 'Entfernen' : 'Produkt entfernen'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!billed && (
        <Group align="flex-end">
          <Select
            label="Produkt aus dem Katalog hinzufügen"
            placeholder="Produkt wählen"
            searchable
            data={(catalogue.data ?? []).map((p) => ({ value: String(p.id), label: `${p.title} (PZN ${p.pzn})` }))}
            value={pick}
            onChange={addFromCatalogue}
            miw={360}
          />
          <Button
            variant="default"
            onClick={() =>
              setForm({
                ...form,
                products: [
                  ...form.products,
                  { product_id: null, customer_title: '', customer_price: 0, price: 0, pzn: '' },
                ],
              })
            }
          >
            Freies Produkt hinzufügen
          </Button>
        </Group>
      )}
      <Text fw={700}>
        Gesamtpreis inkl. MwSt.: {euros(total.gross)}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          (netto {euros(total.net)}, MwSt. {euros(total.vat)})
        </Text>
      </Text>
      {!billed && (
        <Group>
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={!form.date || form.products.length === 0}
          >
            Speichern
          </Button>
          {usage && auth.role_id <= ROLE.manager && (
            <Button variant="light" onClick={() => void markBilled()} loading={bill.isPending}>
              Abrechnen
            </Button>
          )}
          {usage && (
            <Button color="red" variant="light" onClick={confirmDelete}>
              Abgabe löschen
            </Button>
          )}
          <Button variant="default" component={Link} to={to('rxEdit', { rx_id: rxId })}>
            Zurück
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Prescription usage edit (rxUsageEdit; usage_id 'new' creates one). */
export default function RxUsageEditPage() {
  const { staffId } = useAuth();
  const params = useParams();
  const rxId = Number(params.rx_id);
  const usageId = params.usage_id === 'new' ? null : Number(params.usage_id);
  const rx = useRx(staffId, rxId);
  const usage = useUsage(staffId, rxId, usageId);
  const error = rx.error ?? usage.error;
  return (
    <Stack>
      <Title order={1} size="h2">
        {usageId === null ? 'Neue Abgabe' : 'Abgabe bearbeiten'}
      </Title>
      {rx.data && <Text>Verordnung für {customerName(rx.data)}</Text>}
      {(rx.isLoading || (usageId !== null && usage.isLoading)) && <Loader aria-label="Abgabe wird geladen" />}
      {error && (
        <Alert color="red" role="alert">
          {serverMessage(error)}
        </Alert>
      )}
      {rx.data && usageId === null && <UsageForm staffId={staffId} rxId={rxId} />}
      {rx.data && usage.data && (
        <UsageForm key={`${usage.data.id}-${usage.data.billed}`} staffId={staffId} rxId={rxId} usage={usage.data} />
      )}
    </Stack>
  );
}
