import { Alert, Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { MSG, searchHeading } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { useUpright } from '../../ui/use-upright';
import { AppointmentRow, type RowContext } from '../appointments/appointment-row';
import { ResultDialog } from '../appointments/result-dialog';
import { useAppointmentOptions, usePaymentClassifications } from '../appointments/use-appointments';
import { useSearch } from './use-search';

/** searchResults (core-workflow §2 "Search and QR scan"): the header search's customers and appointments. */
export default function SearchResultsPage() {
  const { staffId } = useAuth();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const result = useSearch(q);
  const options = useAppointmentOptions(staffId);
  const classifications = usePaymentClassifications(staffId);
  const [resultFor, setResultFor] = useState<Appointment | null>(null);
  // A tablet upright: e-mail and phone share one column.
  const upright = useUpright();
  const ctx: RowContext | undefined = useMemo(
    () =>
      options.data && classifications.data
        ? { staffId, options: options.data, classifications: classifications.data, onEnterResult: setResultFor }
        : undefined,
    [staffId, options.data, classifications.data],
  );
  const data = result.data?.data;
  const empty = data && data.customers.length === 0 && data.appointments.length === 0;
  const failed =
    result.error &&
    (result.error instanceof ApiError && result.error.status > 0 ? MSG.searchFailed : MSG.searchNoResponse);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {searchHeading(q)}
      </Title>
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {(result.isLoading || (data && !ctx)) && <Loader aria-label="Lädt" />}
      {empty && <Text>{MSG.noSearchResults}</Text>}
      {data && data.customers.length > 0 && (
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
              {data.customers.map((c) => (
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
        </section>
      )}
      {data && ctx && data.appointments.length > 0 && (
        <section aria-labelledby="search-appointments">
          <Title order={2} size="h4" id="search-appointments" mb="xs">
            Termine
          </Title>
          <Stack gap="xs">
            {data.appointments.map((a) => (
              <AppointmentRow key={a.appointment_id} a={a} ctx={ctx} />
            ))}
          </Stack>
        </section>
      )}
      <ResultDialog staffId={staffId} appointment={resultFor} onClose={() => setResultFor(null)} />
    </Stack>
  );
}
