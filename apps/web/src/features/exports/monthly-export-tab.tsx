import { Alert, Badge, Button, Group, Loader, Pagination, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { EXPORT_LIST_PAGE_SIZE, type ExportQueueEntry } from '@tz/shared/exports/exports.contract';
import { MSG } from '@tz/shared/messages';
import {
  type ExportRange,
  exportRequestBounds,
  previousMonthRange,
  thisMonthRange,
} from '@tz/shared/rules/export-range';
import { germanDate } from '@tz/shared/rules/german-date';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../ui/format';
import { labelsOf, summariseServerError } from '../../ui/server-errors';
import { withDownloadNotice } from './download-notice';
import { EXPORT_REQUEST_LABELS } from './exports-field-labels';
import { downloadMonthlyExport, useExportList, useRequestExport } from './use-exports';

const PRESETS = { previous: 'Letzter Monat', current: 'Dieser Monat' } as const;
type Preset = keyof typeof PRESETS;

const presetRange = (p: Preset, today: string) =>
  p === 'previous' ? previousMonthRange(today) : thisMonthRange(today);
/** The days of a request range for the picker, and back. */
const toDays = (r: ExportRange): [string, string] => [r.from.slice(0, 10), r.to.slice(0, 10)];
const fromDays = (from: string, to: string): ExportRange => ({ from: `${from} 00:00:00`, to: `${to} 23:59:59` });
/** 'yyyy-MM-dd HH:mm:ss' as people read it: DD.MM.YYYY HH:mm:ss. */
const germanDateTimeText = (v: string) => `${germanDate(v.slice(0, 10))} ${v.slice(11)}`;

function ClockIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/**
 * The monthly export: a range (presets 'Letzter Monat', 'Dieser Monat'; at
 * most today, at most five years back) is requested and produced in the
 * background; the table lists the requests with a download once done.
 */
export function MonthlyExportTab({ staffId }: { staffId: number }) {
  const today = dayjs().format('YYYY-MM-DD');
  const bounds = exportRequestBounds(today);
  const [picked, setPicked] = useState<[string | null, string | null]>(() => toDays(previousMonthRange(today)));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [page, setPage] = useState(1);
  const list = useExportList(staffId, page);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / EXPORT_LIST_PAGE_SIZE));
  const request = useRequestExport(staffId);
  const [downloading, setDownloading] = useState<number | null>(null);
  const preset = (Object.keys(PRESETS) as Preset[]).find((p) => {
    const [from, to] = toDays(presetRange(p, today));
    return picked[0] === from && picked[1] === to;
  });

  const submit = async () => {
    const [from, to] = picked;
    if (!from || !to) return;
    setErrors({});
    try {
      const entry = await request.mutateAsync(fromDays(from, to));
      // The new request is the newest: on the first page.
      setPage(1);
      notifications.show({ color: 'green', message: entry.message });
    } catch (e) {
      const refused = summariseServerError(e, labelsOf(EXPORT_REQUEST_LABELS));
      setErrors(refused.errors);
      notifications.show({ color: 'red', title: MSG.genericError, message: refused.text });
    }
  };

  const get = async (entry: ExportQueueEntry) => {
    setDownloading(entry.id);
    await withDownloadNotice(() => downloadMonthlyExport(staffId, entry.id));
    setDownloading(null);
  };

  return (
    <Stack>
      <Alert color="blue" title="Hinweis">
        {MSG.exportsInBackground}
      </Alert>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="Zeitraum"
          valueFormat="DD.MM.YYYY"
          value={picked}
          onChange={(v) => setPicked([v[0], v[1]])}
          minDate={bounds.from.slice(0, 10)}
          maxDate={today}
          error={errors.from ?? errors.to}
          miw={240}
        />
        <Group gap={4} role="group" aria-label="Zeitraum-Vorauswahl">
          {(Object.keys(PRESETS) as Preset[]).map((p) => (
            <Button
              key={p}
              variant={preset === p ? 'filled' : 'default'}
              aria-pressed={preset === p}
              onClick={() => setPicked(toDays(presetRange(p, today)))}
            >
              {PRESETS[p]}
            </Button>
          ))}
        </Group>
        <Button onClick={() => void submit()} loading={request.isPending} disabled={!picked[0] || !picked[1]}>
          Export anfordern
        </Button>
      </Group>

      <Group justify="space-between" mt="md">
        <Title order={2} size="h4">
          Angeforderte Exporte
        </Title>
        <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
          Aktualisieren
        </Button>
      </Group>
      {list.isLoading && <Loader aria-label="Exporte werden geladen" />}
      {list.error && (
        <Alert color="red" role="alert">
          {list.error instanceof ApiError ? list.error.message : MSG.genericError}
        </Alert>
      )}
      {list.data && list.data.total === 0 && <Text>Noch keine Exporte angefordert.</Text>}
      {list.data && list.data.items.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Angefordert am</Table.Th>
              <Table.Th>Von</Table.Th>
              <Table.Th>Bis</Table.Th>
              <Table.Th>Zeilen</Table.Th>
              <Table.Th>Download</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.created_at)}</Table.Td>
                <Table.Td>{germanDateTimeText(e.export_from)}</Table.Td>
                <Table.Td>{germanDateTimeText(e.export_to)}</Table.Td>
                <Table.Td>{e.rows ?? ''}</Table.Td>
                <Table.Td>
                  {e.done === 1 ? (
                    <Button size="xs" onClick={() => void get(e)} loading={downloading === e.id}>
                      Herunterladen
                    </Button>
                  ) : e.failed ? (
                    <Badge color="red" variant="light" title={MSG.exportFailed}>
                      Fehlgeschlagen
                    </Badge>
                  ) : (
                    <Tooltip label="Wird im Hintergrund erzeugt">
                      <Button size="xs" variant="default" disabled leftSection={<ClockIcon />}>
                        Herunterladen
                      </Button>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && list.data.total > EXPORT_LIST_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm">{list.data.total} Exporte angefordert</Text>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : control,
            })}
            getItemProps={(p) => ({ 'aria-label': `Seite ${p}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
