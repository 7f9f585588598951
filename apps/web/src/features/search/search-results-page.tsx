import { Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import type { Customer } from '@tz/shared/customers/customers.contract';
import { MSG, searchHeading } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { looksLikeScanText } from '@tz/shared/rules/scanner-input';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { useUpright } from '../../ui/use-upright';
import { AppointmentRow, type RowContext } from '../appointments/appointment-row';
import { ROW_ESTIMATE } from '../appointments/appointment-view';
import { LazyResultDialog } from '../appointments/result-dialog-lazy';
import { useAppointmentOptions, usePaymentClassifications } from '../appointments/use-appointments';
import { searchErrorText } from './search-error';
import { useSearch } from './use-search';

/**
 * Customers shown before 'Alle … Kunden anzeigen': the best hits (exact names first), few enough that the
 * first appointments stay on the first screen.
 */
export const CUSTOMERS_SHOWN = 5;

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
      {data && data.customers.length > 0 && <CustomerResults key={`customers ${q}`} customers={data.customers} />}
      {data && ctx && data.appointments.length > 0 && (
        <AppointmentResults key={`appointments ${q}`} appointments={data.appointments} ctx={ctx} />
      )}
      <LazyResultDialog staffId={staffId} appointment={resultFor} onClose={() => setResultFor(null)} />
    </Stack>
  );
}

/** The customers, best first; beyond CUSTOMERS_SHOWN behind a button, so the appointments stay in view. */
function CustomerResults({ customers }: { customers: Customer[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? customers : customers.slice(0, CUSTOMERS_SHOWN);
  // A tablet upright: e-mail and phone share one column.
  const upright = useUpright();
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
            {upright ? (
              <Table.Th>Kontakt</Table.Th>
            ) : (
              <>
                <Table.Th>E-Mail</Table.Th>
                <Table.Th>Telefon</Table.Th>
              </>
            )}
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
              {upright ? (
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {c.email}
                  {c.email && c.phone && <br />}
                  {c.phone}
                </Table.Td>
              ) : (
                <>
                  <Table.Td>{c.email}</Table.Td>
                  <Table.Td>{c.phone}</Table.Td>
                </>
              )}
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
 * The appointments, in the server's order (today's visits of exact hits first), as a virtual list like the
 * appointments screen's: only the rows in and near the view are in the page. Up to 100 rows with their
 * switches, selects and menus were most of the time from Enter to results, and taking them off the page
 * again held up the next search.
 */
function AppointmentResults({ appointments, ctx }: { appointments: Appointment[]; ctx: RowContext }) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts on the page (below the customers), known after the first paint.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  });
  const virtualizer = useWindowVirtualizer({
    count: appointments.length,
    estimateSize: () => ROW_ESTIMATE.cards,
    // One row beyond the view each way: every row rendered costs the first screen (switches, selects, menus).
    overscan: 1,
    scrollMargin,
    getItemKey: (i) => appointments[i]!.appointment_id,
  });
  return (
    <section aria-labelledby="search-appointments">
      <Title order={2} size="h4" id="search-appointments" mb="xs">
        Termine
      </Title>
      <ul
        ref={listRef}
        style={{ position: 'relative', height: virtualizer.getTotalSize(), listStyle: 'none', margin: 0, padding: 0 }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: 8,
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <AppointmentRow a={appointments[item.index]!} ctx={ctx} />
          </li>
        ))}
      </ul>
    </section>
  );
}
