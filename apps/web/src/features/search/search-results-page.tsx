import { Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import type { Customer } from '@tz/shared/customers/customers.contract';
import { MSG, searchHeading } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { looksLikeScanText } from '@tz/shared/rules/scanner-input';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { AppointmentRow, type RowContext } from '../appointments/appointment-row';
import { ResultDialog } from '../appointments/result-dialog';
import { useAppointmentOptions, usePaymentClassifications } from '../appointments/use-appointments';
import { searchErrorText } from './search-error';
import { useProgressiveCount } from './use-progressive-count';
import { useSearch } from './use-search';

/**
 * Customers shown before 'Alle … Kunden anzeigen': the best hits (exact names first), few enough that the
 * first appointments stay on the first screen.
 */
export const CUSTOMERS_SHOWN = 5;
/** Appointment rows in the first render; the rest follow in the background (useProgressiveCount). */
const FIRST_ROWS = 8;

/** searchResults (core-workflow §2 "Search and QR scan"): the header search's customers and appointments. */
export default function SearchResultsPage() {
  const { staffId } = useAuth();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // Text of a scan (e.g. a link opened from the browser's history) is never searched for.
  const scanText = looksLikeScanText(q);
  const result = useSearch(scanText ? '' : q);
  const options = useAppointmentOptions(staffId);
  const classifications = usePaymentClassifications(staffId);
  const [resultFor, setResultFor] = useState<Appointment | null>(null);
  const ctx: RowContext | undefined = useMemo(
    () =>
      options.data && classifications.data
        ? { staffId, options: options.data, classifications: classifications.data, onEnterResult: setResultFor }
        : undefined,
    [staffId, options.data, classifications.data],
  );
  const data = result.data?.data;
  const empty = data && data.customers.length === 0 && data.appointments.length === 0;
  const failed = result.error ? searchErrorText(result.error) : null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {searchHeading(q)}
      </Title>
      {scanText && (
        <Alert color="yellow" role="alert" title={MSG.scanCutOff}>
          {MSG.scanCutOffHint}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {(result.isLoading || (data && !ctx)) && <Loader aria-label="Lädt" />}
      {empty && <Text>{MSG.noSearchResults}</Text>}
      {data && data.customers.length > 0 && <CustomerResults key={q} customers={data.customers} />}
      {data && ctx && data.appointments.length > 0 && (
        <AppointmentResults key={q} appointments={data.appointments} ctx={ctx} />
      )}
      <ResultDialog staffId={staffId} appointment={resultFor} onClose={() => setResultFor(null)} />
    </Stack>
  );
}

/** The customers, best first; beyond CUSTOMERS_SHOWN behind a button, so the appointments stay in view. */
function CustomerResults({ customers }: { customers: Customer[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? customers : customers.slice(0, CUSTOMERS_SHOWN);
  return (
    <section aria-labelledby="search-customers">
      <Title order={2} size="h4" id="search-customers" mb="xs">
        Kunden
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Geburtsdatum</Table.Th>
            <Table.Th>E-Mail</Table.Th>
            <Table.Th>Telefon</Table.Th>
            <Table.Th>Adresse</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={to('customer_edit', { id: c.id })}>
                  {c.full_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{germanDate(c.birthday)}</Table.Td>
              <Table.Td>{c.email}</Table.Td>
              <Table.Td>{c.phone}</Table.Td>
              <Table.Td>
                {[c.street, [c.postcode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown.length < customers.length && (
        <Button variant="subtle" size="xs" mt={4} onClick={() => setAll(true)}>
          Alle {customers.length} Kunden anzeigen
        </Button>
      )}
    </section>
  );
}

/**
 * The appointments, in the server's order (today's visits of exact hits first). Up to 100 rows with their
 * switches and selects took most of the time from Enter to results: the first rows render at once, the
 * others in the background without holding up the screen.
 */
function AppointmentResults({ appointments, ctx }: { appointments: Appointment[]; ctx: RowContext }) {
  const count = useProgressiveCount(appointments.length, FIRST_ROWS);
  return (
    <section aria-labelledby="search-appointments">
      <Title order={2} size="h4" id="search-appointments" mb="xs">
        Termine
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {appointments.slice(0, count).map((a) => (
          <li key={a.appointment_id}>
            <AppointmentRow a={a} ctx={ctx} />
          </li>
        ))}
      </Stack>
    </section>
  );
}
