import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SERVICE_PAGE_SIZES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { Service, ServiceCategory, TestType } from '@tz/shared/services/services.contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { to } from '../../routes';
import { formatEuro } from '../../ui/format';
import { summariseServerError } from '../../ui/server-errors';
import { useUpright } from '../../ui/use-upright';
import { activationLabel } from './service-field-labels';
import { useActivateServices, useAvailableServices, useServices, useTestTypes } from './use-services';

/** One line of the activation list: a catalogue entry, or a service of the centre outside the catalogue. */
interface Row {
  key: string;
  catalogue_id: number | null;
  service_id: number | null;
  title: string;
  category_id: number | null;
  catname: string;
  price: number;
  own: boolean;
  active: boolean;
  test_type: number | null;
  capacity_max: number;
  minutes: number;
}

interface Edit {
  test_type?: number | null;
  capacity_max?: number;
  minutes?: number;
}

function rowsOf(categories: ServiceCategory[], services: Service[]): Row[] {
  const fromCatalogue = categories.flatMap((c) =>
    c.services.map((e): Row => {
      const s = e.service;
      return {
        key: `c${e.catalogue_id}`,
        catalogue_id: e.catalogue_id,
        service_id: s?.id ?? null,
        title: s?.title ?? e.title,
        category_id: c.id,
        catname: c.name,
        price: s?.price ?? e.price,
        own: false,
        active: s?.active ?? false,
        test_type: s ? s.test_type : e.test_type,
        capacity_max: s?.capacity_max ?? e.capacity_max,
        minutes: Math.round((s?.duration ?? e.duration) / 60),
      };
    }),
  );
  const outside = services
    .filter((s) => s.catalogue_id === null)
    .map(
      (s): Row => ({
        key: `s${s.id}`,
        catalogue_id: null,
        service_id: s.id,
        title: s.title,
        category_id: s.category_id,
        catname: s.catname ?? 'Ohne Kategorie',
        price: s.price,
        own: s.custom,
        active: s.active,
        test_type: s.test_type,
        capacity_max: s.capacity_max,
        minutes: Math.round(s.duration / 60),
      }),
    );
  return [...fromCatalogue, ...outside];
}

export default function ProductsPage() {
  const staffId = Number(useParams().id);
  return (
    <Stack>
      <Title order={1} size="h2">
        Dienstleistungen
      </Title>
      <Tabs defaultValue="services" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="services">Dienstleistungen</Tabs.Tab>
          <Tabs.Tab value="custom">Eigene Dienstleistungen</Tabs.Tab>
          <Tabs.Tab
            value="products"
            rightSection={
              <Badge size="xs" color="gray">
                Demnächst
              </Badge>
            }
          >
            Produkte
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="services" pt="md">
          <ServicesTab staffId={staffId} />
        </Tabs.Panel>
        <Tabs.Panel value="custom" pt="md">
          <CustomServicesTab staffId={staffId} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <Alert color="gray">{MSG.productsComingSoon}</Alert>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ServicesTab({ staffId }: { staffId: number }) {
  const available = useAvailableServices(staffId);
  const services = useServices(staffId);
  const testTypes = useTestTypes(staffId);
  const activate = useActivateServices(staffId);
  const [category, setCategory] = useState<string>('all');
  const [pageSize, setPageSize] = useState<number>(SERVICE_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  /** The fields of the last refused save, by request path (services.<row>.<field>). */
  const [refused, setRefused] = useState<Record<string, string>>({});
  // A tablet upright: price and 'Bearbeiten' stand under the service's name, the inputs keep their room.
  const upright = useUpright();

  const rows = useMemo(
    () => (available.data && services.data ? rowsOf(available.data, services.data) : []),
    [available.data, services.data],
  );
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of rows) seen.set(String(r.category_id ?? 'none'), r.catname);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [rows]);

  if (available.isLoading || services.isLoading) return <Loader aria-label="Dienstleistungen werden geladen" />;
  if (available.error || services.error) return <Alert color="red">{MSG.genericError}</Alert>;

  const shown = rows.filter((r) => category === 'all' || String(r.category_id ?? 'none') === category);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = shown.slice((Math.min(page, pages) - 1) * pageSize, Math.min(page, pages) * pageSize);
  const isSelected = (r: Row) => selected[r.key] ?? r.active;
  const value = <K extends keyof Edit>(r: Row, k: K) => (edits[r.key]?.[k] !== undefined ? edits[r.key]![k] : r[k]);
  const edit = (r: Row, patch: Edit) => setEdits((e) => ({ ...e, [r.key]: { ...e[r.key], ...patch } }));

  // The request sends every row in this order: a refused field is services.<index in rows>.<field>.
  const fieldError = (r: Row, field: 'test_type' | 'capacity_max' | 'duration') =>
    refused[`services.${rows.indexOf(r)}.${field}`];

  const save = async () => {
    setRefused({});
    try {
      await activate.mutateAsync(
        rows.map((r) => ({
          ...(r.catalogue_id !== null ? { catalogue_id: r.catalogue_id } : { service_id: r.service_id }),
          active: isSelected(r),
          test_type: value(r, 'test_type') ?? null,
          capacity_max: value(r, 'capacity_max') as number,
          duration: (value(r, 'minutes') as number) * 60,
        })),
      );
      setSelected({});
      setEdits({});
      notifications.show({ color: 'green', message: MSG.selectionSaved });
    } catch (e) {
      const s = summariseServerError(e, activationLabel(rows));
      setRefused(s.errors);
      // show the first refused row: all categories, its page
      const first = s.first ? Number(s.first.split('.')[1]) : -1;
      if (first >= 0) {
        setCategory('all');
        setPage(Math.floor(first / pageSize) + 1);
      }
      notifications.show({ color: 'red', title: MSG.errorTitle, message: s.text });
    }
  };

  return (
    <Stack>
      <Group align="end">
        <Select
          label="Kategorie"
          data={[{ value: 'all', label: 'Alle Kategorien' }, ...categories]}
          value={category}
          allowDeselect={false}
          onChange={(v) => {
            setCategory(v ?? 'all');
            setPage(1);
            // A new category starts from the saved test types, places and minutes.
            setEdits({});
          }}
        />
        <Button onClick={save} loading={activate.isPending}>
          Auswahl speichern
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Ausgewählte Dienstleistungen sind buchbar. Eine neue eigene Dienstleistung muss hier aktiviert werden.
      </Text>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Aktiv</Table.Th>
            <Table.Th>Dienstleistung</Table.Th>
            {/* The category only from xl (the filter above names it): on a tablet the test type gets the room. */}
            <Table.Th visibleFrom="xl">Kategorie</Table.Th>
            {!upright && <Table.Th>Preis</Table.Th>}
            <Table.Th>Testart</Table.Th>
            <Table.Th>Maximale Plätze</Table.Th>
            <Table.Th>Minuten</Table.Th>
            {!upright && <Table.Th>Aktionen</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {current.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Checkbox
                  aria-label={`${r.title} aktiv`}
                  checked={isSelected(r)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setSelected((s) => ({ ...s, [r.key]: checked }));
                  }}
                />
              </Table.Td>
              <Table.Td>
                {r.title} {r.own && <Badge size="xs">eigene</Badge>}
                {upright && (
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {formatEuro(r.price)}
                    </Text>
                    <EditLink staffId={staffId} row={r} />
                  </Group>
                )}
              </Table.Td>
              <Table.Td visibleFrom="xl">{r.catname}</Table.Td>
              {!upright && <Table.Td>{formatEuro(r.price)}</Table.Td>}
              <Table.Td>
                <TestTypeSelect
                  label={`Testart ${r.title}`}
                  types={testTypes.data ?? []}
                  value={value(r, 'test_type') ?? null}
                  onChange={(v) => edit(r, { test_type: v })}
                  error={fieldError(r, 'test_type')}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Maximale Plätze ${r.title}`}
                  min={1}
                  max={1000}
                  allowDecimal={false}
                  w={90}
                  value={value(r, 'capacity_max') as number}
                  error={fieldError(r, 'capacity_max')}
                  onChange={(v) => typeof v === 'number' && edit(r, { capacity_max: v })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Minuten ${r.title}`}
                  min={1}
                  max={1440}
                  allowDecimal={false}
                  w={90}
                  value={value(r, 'minutes') as number}
                  error={fieldError(r, 'duration')}
                  onChange={(v) => typeof v === 'number' && edit(r, { minutes: v })}
                />
              </Table.Td>
              {!upright && (
                <Table.Td>
                  <EditLink staffId={staffId} row={r} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {current.length === 0 && <Text>Keine Dienstleistungen gefunden.</Text>}
      <Group justify="space-between">
        <Select
          label="Zeilen pro Seite"
          w={140}
          data={SERVICE_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(v) => {
            setPageSize(Number(v));
            setPage(1);
          }}
        />
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          disabled={shown.length < SERVICE_PAGE_SIZES[0]}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : control,
          })}
          getItemProps={(p) => ({ 'aria-label': `Seite ${p}` })}
        />
      </Group>
    </Stack>
  );
}

/** 'Bearbeiten' of a service of the centre (a catalogue entry not yet taken has nothing to edit). */
function EditLink({ staffId, row }: { staffId: number; row: Row }) {
  if (row.service_id === null) return null;
  return (
    <Anchor
      component={Link}
      size="sm"
      to={to('editProduct', { staffId, productId: row.service_id })}
      aria-label={`${row.title} bearbeiten`}
    >
      Bearbeiten
    </Anchor>
  );
}

export function TestTypeSelect(props: {
  label: string;
  types: TestType[];
  value: number | null;
  onChange: (v: number | null) => void;
  withLabel?: boolean;
  /** A refused save's message for this field. */
  error?: ReactNode;
  /** The form path (lets the form focus the field). */
  'data-path'?: string;
}) {
  return (
    <Select
      {...(props.withLabel ? { label: props.label } : { 'aria-label': props.label })}
      error={props.error}
      data-path={props['data-path']}
      placeholder="Keine"
      clearable
      data={props.types.map((t) => ({ value: String(t.id), label: t.label }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(v) => props.onChange(v === null ? null : Number(v))}
      // 'Antigen-Schnelltest' in full beside the clear button and the chevron.
      miw={220}
    />
  );
}

function CustomServicesTab({ staffId }: { staffId: number }) {
  const services = useServices(staffId);
  const custom = services.data?.filter((s) => s.custom) ?? [];
  return (
    <Stack>
      <Group>
        <Button component={Link} to={to('productsCreate', { id: staffId })}>
          Neue Dienstleistung erstellen
        </Button>
      </Group>
      {services.isLoading && <Loader aria-label="Eigene Dienstleistungen werden geladen" />}
      {services.data && custom.length === 0 && <Text>Noch keine eigenen Dienstleistungen.</Text>}
      {custom.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Titel</Table.Th>
              <Table.Th>Kategorie</Table.Th>
              <Table.Th>Preis</Table.Th>
              <Table.Th>Termindauer</Table.Th>
              <Table.Th>Plätze</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {custom.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.title}</Table.Td>
                <Table.Td>{s.catname ?? '–'}</Table.Td>
                <Table.Td>{formatEuro(s.price)}</Table.Td>
                <Table.Td>{Math.round(s.duration / 60)} Min.</Table.Td>
                <Table.Td>
                  {s.capacity_min}–{s.capacity_max}
                </Table.Td>
                <Table.Td>
                  <Badge color={s.active ? 'green' : 'gray'}>{s.active ? 'aktiv' : 'inaktiv'}</Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={to('editProduct', { staffId, productId: s.id })}
                    aria-label={`${s.title} bearbeiten`}
                  >
                    Bearbeiten
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
