import { Alert, Anchor, Button, FileInput, Group, Pagination, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CSV_SAMPLE,
  type ImportPreview,
  importAllowed,
  importRequestOf,
  previewSummary,
} from '@tz/shared/groups/customer-csv';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useImportCustomers, useUploadCsv } from './use-groups';
import { WorkProgress } from './work-progress';

/** Rows per page of the preview (a table of 20,000 rows at once would freeze the page). */
const PREVIEW_PAGE = 100;
const de = (n: number) => n.toLocaleString('de-DE');

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
      // The known columns only: extra ones are shown in the preview, never sent (nor checked).
      const { iCountImported } = await importRows.mutateAsync(importRequestOf(preview));
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
      {upload.isPending && <WorkProgress label="Datei wird hochgeladen und geprüft …" />}
      {importRows.isPending && preview && (
        <WorkProgress
          label={`${de(preview.aaData.length - preview.aEmptyLines.length)} Kundendaten werden importiert …`}
        />
      )}
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
  const rowErrors = new Map(preview.aRowErrors.map((e) => [e.row, e.error]));
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const lines = preview.aaoData.map((cells, i) => ({ cells, i })).filter(({ i }) => !onlyErrors || errorLines.has(i));
  const pages = Math.max(1, Math.ceil(lines.length / PREVIEW_PAGE));
  const current = Math.min(page, pages);
  const shown = lines.slice((current - 1) * PREVIEW_PAGE, current * PREVIEW_PAGE);
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
      {preview.aGeneralErrors.length === 0 && <Text role="status">{previewSummary(preview)}</Text>}
      {preview.aErrorsLines.length > 0 && (
        <Switch
          label="Nur Zeilen mit Fehlern zeigen"
          checked={onlyErrors}
          onChange={(e) => {
            setOnlyErrors(e.currentTarget.checked);
            setPage(1);
          }}
        />
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
              {shown.map(({ cells, i }) => {
                const rowError = rowErrors.get(i);
                return (
                  <Table.Tr key={i}>
                    <Table.Td
                      {...(rowError ? { title: rowError, bg: 'red.1', c: 'red.9', 'data-error': rowError } : {})}
                    >
                      {i + 2}
                      {/* Text, not a badge: it wraps under the number instead of widening the column. */}
                      {emptyLines.has(i) && (
                        <Text size="xs" c="dimmed">
                          {preview.aaData[i]!.every((v) => v.trim() === '') ? 'leer' : 'ohne Kundendaten'}, ignoriert
                        </Text>
                      )}
                      {rowError && (
                        <Text span size="xs" display="block">
                          {rowError}
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
                        <Table.Td key={j} style={{ whiteSpace: 'pre-line' }}>
                          {c.value}
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group gap="sm">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getItemProps={(p) => ({ 'aria-label': `Vorschau, Seite ${p}` })}
          />
          <Text size="sm">
            Zeilen {de((current - 1) * PREVIEW_PAGE + 1)}–{de(Math.min(current * PREVIEW_PAGE, lines.length))} von{' '}
            {de(lines.length)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
