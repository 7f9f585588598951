import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { BillingFigures, BillingQuery } from '@tz/shared/exports/billing.contract';
import { BILLING_MAX_MONTHS, monthsBetween } from '@tz/shared/exports/billing.contract';
import { euroText, germanMonth } from '@tz/shared/exports/billing-format';
import { MSG } from '@tz/shared/messages';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { withDownloadNotice } from './download-notice';
import { downloadBilling, useBillingOverview } from './use-exports';

const month = (d: string) => d.slice(0, 7);
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function FigureCells({ f }: { f: BillingFigures }) {
  return (
    <>
      <Table.Td ta="right">{f.tests}</Table.Td>
      <Table.Td ta="right">{f.self_payer}</Table.Td>
      <Table.Td ta="right">{f.free}</Table.Td>
      <Table.Td ta="right">{f.contribution}</Table.Td>
      <Table.Td ta="right">{f.none}</Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {euroText(f.amount_cents)}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {euroText(f.self_payer_cents)}
      </Table.Td>
    </>
  );
}

/**
 * The monthly TestV billing overview (beyond the spec; docs/exports.md): per
 * month the performed tests by legal basis and test type, who paid and the
 * amounts; as CSV and as a printable PDF.
 */
export function BillingOverviewSection({ staffId }: { staffId: number }) {
  const lastMonth = dayjs().subtract(1, 'month').startOf('month').format('YYYY-MM-DD');
  const [range, setRange] = useState<[string | null, string | null]>([lastMonth, lastMonth]);
  const query: BillingQuery | null = range[0] && range[1] ? { from: month(range[0]), to: month(range[1]) } : null;
  const tooLong = query !== null && monthsBetween(query.from, query.to) > BILLING_MAX_MONTHS;
  const overview = useBillingOverview(staffId, tooLong ? null : query);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);

  const get = async (kind: 'csv' | 'pdf') => {
    if (!query) return;
    setBusy(kind);
    await withDownloadNotice(() => downloadBilling(staffId, query, kind));
    setBusy(null);
  };

  return (
    <Stack mt="xl" gap="sm">
      <Title order={2} size="h4">
        Abrechnungsübersicht (TestV)
      </Title>
      <Text size="sm" c="dimmed">
        Durchgeführte Tests (Ergebnis erfasst, nicht storniert) nach Testtag, je Rechtsgrundlage und Testart. Beträge:
        was den Kunden berechnet wurde. Abrechenbar nach TestV sind alle Rechtsgrundlagen außer Selbstzahler.
      </Text>
      <Group align="flex-end" gap="sm">
        <MonthPickerInput
          type="range"
          allowSingleDateInRange
          label="Monate"
          valueFormat="MM.YYYY"
          value={range}
          onChange={(v) => setRange([v[0], v[1]])}
          maxDate={dayjs().format('YYYY-MM-DD')}
          error={tooLong ? MSG.billingMonthsRange : undefined}
          miw={200}
        />
        <Button variant="default" onClick={() => void get('csv')} loading={busy === 'csv'} disabled={!query || tooLong}>
          CSV herunterladen
        </Button>
        <Button variant="default" onClick={() => void get('pdf')} loading={busy === 'pdf'} disabled={!query || tooLong}>
          PDF zum Drucken
        </Button>
      </Group>
      {overview.isLoading && <Loader aria-label="Abrechnungsübersicht wird geladen" />}
      {overview.error && (
        <Alert color="red" role="alert">
          {overview.error instanceof ApiError ? overview.error.message : MSG.genericError}
        </Alert>
      )}
      {overview.data?.months.map((m) => (
        <Stack key={m.month} gap={4}>
          <Title order={3} size="h5">
            {germanMonth(m.month)}
          </Title>
          {m.rows.length === 0 ? (
            <Text size="sm">Keine durchgeführten Tests in diesem Monat.</Text>
          ) : (
            // No scroll container: the figure columns' headers wrap, so the month fits a 1024 px tablet.
            <Table withTableBorder fz="sm" aria-label={`Abrechnung ${germanMonth(m.month)}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rechtsgrundlage</Table.Th>
                  <Table.Th>Testart</Table.Th>
                  <Table.Th ta="right">Tests</Table.Th>
                  <Table.Th ta="right">Selbstzahler</Table.Th>
                  <Table.Th ta="right">kostenlos (TestV)</Table.Th>
                  <Table.Th ta="right">mit Eigenbeteiligung</Table.Th>
                  <Table.Th ta="right">ohne Rechtsgrundlage</Table.Th>
                  <Table.Th ta="right">Betrag gesamt</Table.Th>
                  <Table.Th ta="right">davon Selbstzahler</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.rows.map((r) => (
                  <Table.Tr key={`${r.legal_basis_id}-${r.test_type_id}`}>
                    <Table.Td>{r.legal_basis}</Table.Td>
                    <Table.Td>{r.test_type}</Table.Td>
                    <FigureCells f={r} />
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td colSpan={2}>Summe des Monats (davon abrechenbar: {m.chargeable_tests} Tests)</Table.Td>
                  <FigureCells f={m.totals} />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
