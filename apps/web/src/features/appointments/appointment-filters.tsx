import { Select, SimpleGrid } from '@mantine/core';
import type { AppointmentOptions, PaymentClassification } from '@tz/shared/appointments/appointments.contract';
import { MSG } from '@tz/shared/messages';

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

export function AppointmentFilters(props: {
  value: FilterState;
  onChange: (f: FilterState) => void;
  options: AppointmentOptions | undefined;
  classifications: PaymentClassification[];
  vaccinationCentre: boolean;
}) {
  const f = props.value;
  const set = (key: keyof FilterState) => (v: string | null) =>
    props.onChange({ ...f, [key]: v ?? INITIAL_FILTERS[key] });
  const common = { size: 'sm' as const, allowDeselect: false, comboboxProps: { withinPortal: true } };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        {...common}
        label="Status"
        value={f.status}
        onChange={set('status')}
        data={[ALL, { value: 'approved', label: 'Bestätigt' }, { value: 'cancelled', label: 'Storniert' }]}
      />
      {!props.vaccinationCentre && (
        <Select
          {...common}
          label="Zahlungsklassifikation (Filter)"
          value={f.paymentClassification}
          onChange={set('paymentClassification')}
          searchable
          data={[
            ALL,
            { value: '0', label: MSG.noSelection },
            ...props.classifications.map((c) => ({ value: String(c.id), label: c.label })),
          ]}
        />
      )}
      <Select
        {...common}
        label="Dienstleistung"
        value={f.service_id}
        onChange={set('service_id')}
        searchable
        data={[
          ALL,
          ...(props.options?.services ?? []).map((s) => ({
            value: String(s.id),
            label: s.active ? s.title : `${s.title} (inaktiv)`,
          })),
        ]}
      />
      <Select
        {...common}
        label="Check-in"
        value={f.checkedIn}
        onChange={set('checkedIn')}
        data={[
          ALL,
          { value: '0', label: 'Nicht eingecheckt' },
          { value: '1', label: 'Eingecheckt' },
          { value: '2', label: 'Fragebogen ausgefüllt' },
        ]}
      />
      <Select
        {...common}
        label={props.vaccinationCentre ? 'Geimpft' : 'Durchgeführt'}
        value={f.performed}
        onChange={set('performed')}
        data={[ANY, { value: '1', label: 'Ja' }, { value: '0', label: 'Nein' }]}
      />
      <Select
        {...common}
        label="Gebucht von"
        value={f.source}
        onChange={set('source')}
        data={[ALL, { value: 'customer', label: 'Kunde (online)' }, { value: 'staff', label: 'Mitarbeiter' }]}
      />
      {!props.vaccinationCentre && (
        <>
          <Select
            {...common}
            label="Ergebnis"
            value={f.result}
            onChange={set('result')}
            data={[ANY, { value: '1', label: 'Negativ' }, { value: '2', label: 'Positiv' }]}
          />
          <Select
            {...common}
            label="DEMIS-Status"
            value={f.demis_status}
            onChange={set('demis_status')}
            data={[ANY, { value: 'reported', label: 'Gemeldet' }, { value: 'not_reported', label: 'Nicht gemeldet' }]}
          />
          <Select
            {...common}
            label="Zeitraum bezieht sich auf"
            value={f.appointment_source}
            onChange={set('appointment_source')}
            data={[
              { value: 'customer_appointments', label: 'Termindatum' },
              { value: 'customer_appointments_res_date', label: 'Ergebnisdatum' },
              { value: 'result', label: 'Termine mit Ergebnis' },
            ]}
          />
        </>
      )}
    </SimpleGrid>
  );
}
