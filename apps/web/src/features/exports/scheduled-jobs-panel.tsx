import { Alert, Loader, Table, Text, Title } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { ApiError } from '../../api/client';
import { scheduledJobRow } from './scheduled-jobs';
import { useScheduledJobs } from './use-exports';

/**
 * Export Admin: how the scheduled backups and the retention job went (issue 27). They run in the
 * installation's workers; the schedule is set where the server is configured (docs/operations.md).
 */
export function ScheduledJobsPanel() {
  const jobs = useScheduledJobs();
  return (
    <section aria-labelledby="scheduled-jobs-title">
      <Title order={2} size="h4" id="scheduled-jobs-title" mb="xs">
        Sicherungen und Aufbewahrungsfrist
      </Title>
      {jobs.isLoading && <Loader aria-label="Geplante Aufgaben werden geladen" />}
      {jobs.error && (
        <Alert color="red" role="alert">
          {jobs.error instanceof ApiError ? jobs.error.message : MSG.genericError}
        </Alert>
      )}
      {jobs.data && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Aufgabe</Table.Th>
              <Table.Th scope="col">Nächster Lauf</Table.Th>
              <Table.Th scope="col">Letzter Lauf</Table.Th>
              <Table.Th scope="col">Ergebnis</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.jobs.map((status) => {
              const row = scheduledJobRow(status);
              return (
                <Table.Tr key={status.job}>
                  <Table.Th scope="row">{row.title}</Table.Th>
                  <Table.Td>{row.next}</Table.Td>
                  <Table.Td>{row.last}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={row.failed ? 'red.9' : undefined} fw={row.failed ? 600 : undefined}>
                      {row.detail}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
