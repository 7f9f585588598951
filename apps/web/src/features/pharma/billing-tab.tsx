import { Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { euros } from '@tz/shared/rules/vat-total';
import dayjs from 'dayjs';
import { useState } from 'react';
import { serverMessage } from './pharma-page';
import { useBilling, useBillUsages } from './use-pharma';

const monthLabel = (m: string) => `${m.slice(5, 7)}.${m.slice(0, 4)}`;

/** Billing: billed usages per month (by picking date) and the open ones of the chosen month. */
export function BillingTab({ staffId }: { staffId: number }) {
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const billing = useBilling(staffId, month);
  const bill = useBillUsages(staffId);
  const d = billing.data;

  const billOpen = async () => {
    if (!d || d.open_usage_ids.length === 0) return;
    try {
      const res = await bill.mutateAsync(d.open_usage_ids);
      notifications.show({ color: 'green', message: `${res.message} (${res.billed})` });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  return (
    <Stack>
      <MonthPickerInput
        label="Monat"
        valueFormat="MM.YYYY"
        value={`${month}-01`}
        onChange={(v) => v && setMonth(v.slice(0, 7))}
        maw={160}
      />
      {billing.isLoading && <Loader aria-label="Abrechnung wird geladen" />}
      {d && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Abgerechnete Abgaben
              </Text>
              <Text fw={700} size="xl">
                {d.selected.count}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Summe inkl. MwSt.
              </Text>
              <Text fw={700} size="xl">
                {euros(d.selected.gross)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Noch offen in diesem Monat
              </Text>
              <Text fw={700} size="xl">
                {d.open_usage_ids.length} ({euros(d.open_gross)})
              </Text>
            </Stack>
          </SimpleGrid>
          <Group>
            <Button
              onClick={() =>
                modals.openConfirmModal({
                  title: 'Abgaben abrechnen',
                  children: (
                    <Text size="sm">
                      {d.open_usage_ids.length} offene Abgaben ({euros(d.open_gross)}) als abgerechnet markieren?
                      Abgerechnete Abgaben können nicht mehr geändert werden.
                    </Text>
                  ),
                  labels: { confirm: 'Ja', cancel: 'Nein' },
                  onConfirm: () => void billOpen(),
                })
              }
              loading={bill.isPending}
              disabled={d.open_usage_ids.length === 0}
            >
              Offene Abgaben des Monats abrechnen
            </Button>
          </Group>
          <Title order={2} size="h4">
            Abgerechnet je Monat
          </Title>
          {d.months.length === 0 ? (
            <Text>Noch nichts abgerechnet.</Text>
          ) : (
            <Table striped withTableBorder aria-label="Abgerechnet je Monat">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Monat</Table.Th>
                  <Table.Th>Abgaben</Table.Th>
                  <Table.Th>Netto</Table.Th>
                  <Table.Th>Inkl. MwSt.</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{monthLabel(m.month)}</Table.Td>
                    <Table.Td>{m.count}</Table.Td>
                    <Table.Td>{euros(m.net)}</Table.Td>
                    <Table.Td>{euros(m.gross)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
