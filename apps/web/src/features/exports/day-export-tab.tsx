import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { EXPORT_MAX_RANGE_HOURS, VACCINATION_EXPORT_MAX_RANGE_HOURS } from '@tz/shared/constants';
import { EXPORT_TYPE_LABELS, EXPORT_TYPES, type ExportType } from '@tz/shared/exports/exports.contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type DateFieldValue, dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { withDownloadNotice } from './download-notice';
import { dayInterval, dayWithinLimit } from './export-day';
import { downloadDailyExport, downloadVaccinationExport } from './use-exports';

const TYPE_HINTS: Record<ExportType, string> = {
  positive: 'Tests mit positivem Ergebnis',
  negative: 'Tests mit negativem Ergebnis',
  chargeable: 'Durchgeführte Tests mit einer Rechtsgrundlage der TestV (ohne Selbstzahler), nicht storniert',
  all: 'Alle Termine des Tages, auch ohne Ergebnis und stornierte',
};

/**
 * One chosen day downloaded at once: the immediate export of appointments
 * (with the type) or the vaccination centre's export of vaccinations. The
 * download is offered only for a day within the limit (25 / 24 hours).
 */
export function DayExportTab({ staffId, kind }: { staffId: number; kind: 'daily' | 'vaccination' }) {
  const [day, setDay] = useState<DateFieldValue>(() => dayjs().format('YYYY-MM-DD'));
  const [type, setType] = useState<ExportType>('all');
  const [busy, setBusy] = useState(false);
  // A typed text that is no date stays in the field with its reason; no download is offered for it.
  const isDay = day !== null && !dateFieldProblem(day);
  const allowed = isDay && dayWithinLimit(day, kind);

  const start = async () => {
    if (!day || !allowed) return;
    setBusy(true);
    const interval = dayInterval(day);
    await withDownloadNotice(() =>
      kind === 'daily'
        ? downloadDailyExport(staffId, { interval, type })
        : downloadVaccinationExport(staffId, { start_date: interval.start, end_date: interval.end }),
    );
    setBusy(false);
  };

  return (
    <Stack maw={560}>
      <Text size="sm">
        {kind === 'daily'
          ? 'Die Termine eines Tages als CSV-Datei für Excel, sofort zum Download.'
          : 'Die Impfungen eines Tages als CSV-Datei für Excel, sofort zum Download.'}
      </Text>
      <GermanDateInput label="Tag" value={day} onChange={setDay} required maw={220} />
      {kind === 'daily' && (
        <Radio.Group label="Art des Exports" value={type} onChange={(v) => setType(v as ExportType)}>
          <Stack gap={6} mt={6}>
            {EXPORT_TYPES.map((t) => (
              <Radio key={t} value={t} label={EXPORT_TYPE_LABELS[t]} description={TYPE_HINTS[t]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {isDay && !allowed && (
        <Alert color="gray">
          Der gewählte Tag umfasst mehr als{' '}
          {kind === 'daily' ? EXPORT_MAX_RANGE_HOURS : VACCINATION_EXPORT_MAX_RANGE_HOURS} Stunden; dafür ist kein
          Export möglich.
        </Alert>
      )}
      {allowed && (
        <Group>
          <Button onClick={() => void start()} loading={busy}>
            {kind === 'daily' ? 'CSV herunterladen' : 'Impfungen herunterladen'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
