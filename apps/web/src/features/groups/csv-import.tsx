import { Alert, Anchor, Button, FileInput, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CSV_SAMPLE, type ImportPreview, importAllowed } from '@tz/shared/groups/customer-csv';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useImportCustomers, useUploadCsv } from './use-groups';

/** Rows the preview draws at most besides every row with an error or empty (a table of 20,000 rows would freeze the page). */
const SHOWN_ROWS = 300;

/** The sample file, semicolon separated, with a BOM so spreadsheet programs read the umlauts right. */
export function SampleCsvLink() {
  return (
    <Anchor
      href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${CSV_SAMPLE}`)}`}
      download="kunden-beispiel.csv"
    >
      Beispieldatei herunterladen (CSV, durch Semikolon getrennt)
    </Anchor>
  );
}

const failed = (e: unknown) =>
  notifications.show({
    color: 'red',
    title: MSG.errorTitle,
    message: `${MSG.genericErrorColon}${e instanceof ApiError && e.status < 500 ? e.message : ''}`.trim(),
  });

/**
 * Upload with preview, then the final import (configuration-admin §4): the
 * import button is disabled while errors exist and hidden with general errors;
 * the preview is cleared after the import.
 */
export function CsvImport({
  staffId,
  institutionId,
  onImported,
}: {
  staffId: number;
  institutionId: number;
  onImported: (count: number) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const upload = useUploadCsv(staffId, institutionId);
  const importRows = useImportCustomers(staffId, institutionId);
  const busy = upload.isPending || importRows.isPending;

  const send = async () => {
    if (!file) return;
    setPreview(null);
    try {
      setPreview((await upload.mutateAsync(file)).oImportInfo);
    } catch (e) {
      failed(e);
    }
  };

  const runImport = async () => {
    if (!preview) return;
    try {
      const { iCountImported } = await importRows.mutateAsync({ aHeader: preview.aHeader, aaData: preview.aaData });
      setPreview(null);
      setFile(null);
      onImported(iCountImported);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'IMPORT_HAS_ERRORS') setPreview(e.details as ImportPreview);
      failed(e);
    }
  };

  return (
    <Stack>
      <Group align="end">
        <FileInput
          label="CSV-Datei"
          placeholder="Datei auswählen"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': 'Datei entfernen' }}
          w={320}
        />
        <Button onClick={send} disabled={!file || busy} loading={upload.isPending}>
          Hochladen
        </Button>
      </Group>
      {busy && <Loader aria-label={upload.isPending ? 'Datei wird geprüft' : 'Kundendaten werden importiert'} />}
      {preview && <PreviewTable preview={preview} />}
      {preview && preview.aGeneralErrors.length === 0 && (
        <div>
          <Button
            color="red"
            onClick={runImport}
            disabled={!importAllowed(preview) || busy}
            loading={importRows.isPending}
          >
            {MSG.importNow}
          </Button>
        </div>
      )}
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const errorLines = new Set(preview.aErrorsLines);
  const emptyLines = new Set(preview.aEmptyLines);
  const shown = preview.aaoData
    .map((cells, i) => ({ cells, i }))
    .filter(({ i }) => i < SHOWN_ROWS || errorLines.has(i) || emptyLines.has(i));
  const rows = preview.aaData.length - preview.aEmptyLines.length;
  return (
    <Stack gap="xs">
      {preview.aGeneralErrors.length > 0 && (
        <Alert color="red" title="Die Datei kann so nicht importiert werden">
          <ul>
            {preview.aGeneralErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
      {preview.aGeneralErrors.length === 0 && (
        <Text role="status">
          {rows} Kundendaten, Fehler: {preview.iTotalErrors}
          {preview.aEmptyLines.length > 0 && `, leere Zeilen (werden ignoriert): ${preview.aEmptyLines.length}`}
        </Text>
      )}
      {shown.length < preview.aaData.length && (
        <Text size="sm">
          Angezeigt: die ersten {SHOWN_ROWS} Zeilen und alle Zeilen mit Fehlern ({shown.length} von{' '}
          {preview.aaData.length}).
        </Text>
      )}
      {preview.aHeader.length > 0 && (
        // A file as it was read, every column of it: a preview may scroll (decision 019), and it can be
        // scrolled by keyboard too (focusable region; axe: scrollable-region-focusable).
        <Table.ScrollContainer
          type="native"
          minWidth={900}
          maxHeight={480}
          tabIndex={0}
          role="region"
          aria-label="Vorschau der Kundendaten, verschiebbar"
        >
          <Table striped withTableBorder aria-label="Vorschau der Kundendaten">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zeile</Table.Th>
                {preview.aHeader.map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns of the file, fixed
                  <Table.Th key={i}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map(({ cells, i }) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    {i + 2}
                    {/* Text, not a badge: it wraps under the number instead of widening the column. */}
                    {emptyLines.has(i) && (
                      <Text size="xs" c="dimmed">
                        leer, ignoriert
                      </Text>
                    )}
                  </Table.Td>
                  {cells.map((c, j) =>
                    c.error ? (
                      <Table.Td
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns of the file, fixed
                        key={j}
                        title={c.error}
                        bg="red.1"
                        c="red.9"
                        data-error={c.error}
                      >
                        {c.value || '–'}
                        <Text span size="xs" display="block">
                          {c.error}
                        </Text>
                      </Table.Td>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns of the file, fixed
                      <Table.Td key={j}>{c.value}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
