import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import type { BillingQuery } from '@tz/shared/exports/billing.contract';
import { billingRangeRefusal } from '@tz/shared/exports/billing.contract';
import {
  BILLING_COLUMNS,
  type BillingColumn,
  type BillingLine,
  groupLine,
  monthSumLine,
  plainTitle,
} from '@tz/shared/exports/billing-columns';
import { germanMonth } from '@tz/shared/exports/billing-format';
import { MSG } from '@tz/shared/messages';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useUpright } from '../../ui/use-upright';
import { withDownloadNotice } from './download-notice';
import { downloadBilling, useBillingOverview } from './use-exports';

const month = (d: string) => d.slice(0, 7);

/**
 * How many columns from the left fold into the first one on a tablet upright
 * (legal basis, test type, chargeable): eleven columns at their narrowest need
 * 900 px, the figures keep their own columns.
 */
const FOLDED_UPRIGHT = 3;

/** The columns of a month's table: the PDF's and the CSV's (billing-columns.ts), upright the first three in one. */
function columnsShown(upright: boolean): { column: BillingColumn; folded: BillingColumn[] }[] {
  const shown = BILLING_COLUMNS.map((column) => ({ column, folded: [] as BillingColumn[] }));
  if (!upright) return shown;
  return [
    { column: BILLING_COLUMNS[0]!, folded: BILLING_COLUMNS.slice(1, FOLDED_UPRIGHT) },
    ...shown.slice(FOLDED_UPRIGHT),
  ];
}

function HeaderCells({ upright }: { upright: boolean }) {
  return columnsShown(upright).map(({ column: c, folded }) => (
    <Table.Th key={c.title} ta={c.kind === 'text' ? undefined : 'right'}>
      {c.title}
      {folded.map((f) => (
        <Text key={f.title} size="xs" fw={700}>
          {f.title}
        </Text>
      ))}
    </Table.Th>
  ));
}

/** One line of a month's table; a folded column is a line '<title>: <value>' under the first column's value. */
function LineCells({ line, upright }: { line: BillingLine; upright: boolean }) {
  return columnsShown(upright).map(({ column: c, folded }) => (
    <Table.Td
      key={c.title}
      ta={c.kind === 'text' ? undefined : 'right'}
      // '1.234,56 €' stays on one line; names and test types wrap.
      style={c.kind === 'amount' ? { whiteSpace: 'nowrap' } : undefined}
    >
      {c.text(line)}
      {folded
        .filter((f) => f.text(line) !== '')
        .map((f) => (
          <Text key={f.title} size="xs" c="dimmed" fw={400}>
            {plainTitle(f)}: {f.text(line)}
          </Text>
        ))}
    </Table.Td>
  ));
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
  const refusal = query === null ? null : billingRangeRefusal(query.from, query.to);
  const overview = useBillingOverview(staffId, refusal ? null : query);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const upright = useUpright();

  const get = async (kind: 'csv' | 'pdf') => {
    if (!query) return;
    setBusy(kind);
    await withDownloadNotice(() => downloadBilling(staffId, query, kind));
    setBusy(null);
  };

  return (
    <Stack gap="sm">
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
          error={refusal ?? undefined}
          miw={200}
        />
        <Button
          variant="default"
          onClick={() => void get('csv')}
          loading={busy === 'csv'}
          disabled={!query || refusal !== null}
        >
          CSV herunterladen
        </Button>
        <Button
          variant="default"
          onClick={() => void get('pdf')}
          loading={busy === 'pdf'}
          disabled={!query || refusal !== null}
        >
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
            // No scroll container: the eleven columns fit 992 px in small type, the headers breaking at their
            // soft hyphens, the amounts on one line; upright (736 px) three of them fold (decision 019).
            <Table
              withTableBorder
              fz="xs"
              horizontalSpacing={upright ? 4 : 6}
              aria-label={`Abrechnung ${germanMonth(m.month)}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <HeaderCells upright={upright} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.rows.map((r) => (
                  <Table.Tr key={`${r.legal_basis_id}-${r.test_type_id}`}>
                    <LineCells line={groupLine(r)} upright={upright} />
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <LineCells line={monthSumLine(m)} upright={upright} />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
