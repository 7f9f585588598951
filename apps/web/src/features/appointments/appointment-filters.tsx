import { Badge, Button, CloseButton, Group } from '@mantine/core';
import type { AppointmentOptions, PaymentClassification } from '@tz/shared/appointments/appointments.contract';
import { MSG } from '@tz/shared/messages';
import { lazy } from 'react';

/** Filter values as the selects hold them; 'all' becomes null in the request. */
export interface FilterState {
  status: string;
  paymentClassification: string;
  service_id: string;
  checkedIn: string;
  performed: string;
  result: string;
  demis_status: string;
  appointment_source: string;
  source: string;
}

export const INITIAL_FILTERS: FilterState = {
  status: 'all',
  paymentClassification: 'all',
  service_id: 'all',
  checkedIn: 'all',
  performed: 'any',
  result: 'any',
  demis_status: 'any',
  appointment_source: 'customer_appointments',
  source: 'all',
};

const ALL = { value: 'all', label: 'Alle' };
const ANY = { value: 'any', label: 'Alle' };
const nullIfAll = (v: string) => (v === 'all' || v === 'any' ? null : v);

/** The request's filter fields: 'all'/'any' are sent as null (core-workflow §7). */
export function filtersToQuery(f: FilterState, vaccinationCentre: boolean) {
  const id = (v: string) => (nullIfAll(v) === null ? null : Number(v));
  return {
    status: nullIfAll(f.status) as 'approved' | 'cancelled' | null,
    paymentClassification: vaccinationCentre ? null : id(f.paymentClassification),
    service_id: id(f.service_id),
    checkedIn: nullIfAll(f.checkedIn) as '0' | '1' | '2' | null,
    performed: nullIfAll(f.performed) as '0' | '1' | null,
    result: vaccinationCentre ? null : (nullIfAll(f.result) as '1' | '2' | null),
    demis_status: vaccinationCentre ? null : (nullIfAll(f.demis_status) as 'reported' | 'not_reported' | null),
    appointment_source: vaccinationCentre
      ? null
      : (f.appointment_source as 'customer_appointments' | 'customer_appointments_res_date' | 'result'),
    source: nullIfAll(f.source) as 'customer' | 'staff' | 'import' | null,
  };
}

/** One filter of the list: its select's label and choices. */
export interface FilterField {
  key: keyof FilterState;
  label: string;
  data: { value: string; label: string }[];
  searchable?: boolean;
}

/** The list's filters in the spec's order; a vaccination centre has no test-only ones. */
export function filterFields(
  options: AppointmentOptions | undefined,
  classifications: PaymentClassification[],
  vaccinationCentre: boolean,
): FilterField[] {
  const fields: (FilterField | false)[] = [
    {
      key: 'status',
      label: 'Status',
      data: [ALL, { value: 'approved', label: 'Bestätigt' }, { value: 'cancelled', label: 'Storniert' }],
    },
    !vaccinationCentre && {
      key: 'paymentClassification',
      label: 'Zahlungsklassifikation (Filter)',
      searchable: true,
      data: [
        ALL,
        { value: '0', label: MSG.noSelection },
        ...classifications.map((c) => ({ value: String(c.id), label: c.label })),
      ],
    },
    {
      key: 'service_id',
      label: 'Dienstleistung',
      searchable: true,
      data: [
        ALL,
        ...(options?.services ?? []).map((s) => ({
          value: String(s.id),
          label: s.active ? s.title : `${s.title} (inaktiv)`,
        })),
      ],
    },
    {
      key: 'checkedIn',
      label: 'Check-in',
      data: [
        ALL,
        { value: '0', label: 'Nicht eingecheckt' },
        { value: '1', label: 'Eingecheckt' },
        { value: '2', label: 'Fragebogen ausgefüllt' },
      ],
    },
    {
      key: 'performed',
      label: vaccinationCentre ? 'Geimpft' : 'Durchgeführt',
      data: [ANY, { value: '1', label: 'Ja' }, { value: '0', label: 'Nein' }],
    },
    {
      key: 'source',
      label: 'Gebucht von',
      data: [ALL, { value: 'customer', label: 'Kunde (online)' }, { value: 'staff', label: 'Mitarbeiter' }],
    },
    !vaccinationCentre && {
      key: 'result',
      label: 'Ergebnis',
      data: [ANY, { value: '1', label: 'Negativ' }, { value: '2', label: 'Positiv' }],
    },
    !vaccinationCentre && {
      key: 'demis_status',
      label: 'DEMIS-Status',
      data: [ANY, { value: 'reported', label: 'Gemeldet' }, { value: 'not_reported', label: 'Nicht gemeldet' }],
    },
    !vaccinationCentre && {
      key: 'appointment_source',
      label: 'Zeitraum bezieht sich auf',
      data: [
        { value: 'customer_appointments', label: 'Termindatum' },
        { value: 'customer_appointments_res_date', label: 'Ergebnisdatum' },
        { value: 'result', label: 'Termine mit Ergebnis' },
      ],
    },
  ];
  return fields.filter((f): f is FilterField => !!f);
}

/** A filter that is set (not its initial value), as its chip reads: 'Status: Storniert'. */
export interface ActiveFilter {
  key: keyof FilterState;
  text: string;
}

/** The set filters among `fields`, in their order; a value no longer offered still shows (as it is sent). */
export function activeFilters(f: FilterState, fields: FilterField[]): ActiveFilter[] {
  return fields
    .filter((field) => f[field.key] !== INITIAL_FILTERS[field.key])
    .map((field) => {
      const choice = field.data.find((d) => d.value === f[field.key]);
      const label = field.label.replace(/ \(Filter\)$/, '');
      return { key: field.key, text: `${label}: ${choice?.label ?? f[field.key]}` };
    });
}

/**
 * The filters folded into one line: a 'Filter' button that opens the
 * selects (with the number of set filters), then one chip per set filter,
 * each with a button that resets it. The selects themselves are
 * AppointmentFilterPanel, shown below the line while open.
 */
export function AppointmentFilterLine({
  value,
  onChange,
  fields,
  open,
  onToggle,
  panelId,
}: {
  value: FilterState;
  onChange: (f: FilterState) => void;
  fields: FilterField[];
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  const active = activeFilters(value, fields);
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Filter">
      <Button
        size="sm"
        px="sm"
        variant={open ? 'filled' : 'default'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        rightSection={<span aria-hidden>{open ? '▴' : '▾'}</span>}
      >
        {active.length > 0 ? `Filter (${active.length})` : 'Filter'}
      </Button>
      {active.map((a) => (
        <Badge
          key={a.key}
          size="lg"
          variant="light"
          tt="none"
          fw={500}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`Filter ${a.text} entfernen`}
              onClick={() => onChange({ ...value, [a.key]: INITIAL_FILTERS[a.key] })}
            />
          }
        >
          {a.text}
        </Badge>
      ))}
    </Group>
  );
}

/** The filter selects (AppointmentFilterPanel), fetched when the pointer or the focus reaches 'Filter'. */
const loadPanel = () => import('./appointment-filter-panel');
const preloadPanel = () => void loadPanel().catch(() => {});
/** Lazy (issue 28): the panel is only drawn once 'Filter' opens it. Needs a Suspense boundary. */
export const AppointmentFilterPanel = lazy(() => loadPanel().then((m) => ({ default: m.AppointmentFilterPanel })));
