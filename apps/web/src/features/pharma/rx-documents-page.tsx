import { Alert, Button, FileInput, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { PHARMA_MSG, RX_DOCUMENT_MAX_BYTES, type RxDocument } from '@tz/shared/pharma/pharma.contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { formatDateTime } from '../../ui/format';
import { customerName, serverMessage } from './pharma-page';
import { downloadDocument, useDeleteDocument, useRx, useRxDocuments, useUploadDocument } from './use-pharma';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Prescription documents (rxDocuments): upload PDF/JPEG/PNG, list, download, delete with confirmation. */
export default function RxDocumentsPage() {
  const { staffId } = useAuth();
  const rxId = Number(useParams().rx_id);
  const rx = useRx(staffId, rxId);
  const docs = useRxDocuments(staffId, rxId);
  const upload = useUploadDocument(staffId, rxId);
  const remove = useDeleteDocument(staffId, rxId);
  const [file, setFile] = useState<File | null>(null);

  const send = async () => {
    if (!file) return;
    if (file.size > RX_DOCUMENT_MAX_BYTES) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: PHARMA_MSG.fileTooLarge });
      return;
    }
    try {
      const res = await upload.mutateAsync(file);
      notifications.show({ color: 'green', message: res.message });
      setFile(null);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  const confirmDelete = (d: RxDocument) =>
    modals.openConfirmModal({
      title: 'Dokument löschen',
      children: (
        <Text size="sm">
          {PHARMA_MSG.confirmDeleteDocument} ({d.filename})
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          const res = await remove.mutateAsync(d.id);
          notifications.show({ color: 'green', message: res.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
        }
      },
    });

  const get = async (d: RxDocument) => {
    try {
      await downloadDocument(staffId, rxId, d.id, d.filename);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Dokumente der Verordnung
      </Title>
      {rx.data && <Text>Verordnung für {customerName(rx.data)}</Text>}
      {(rx.error ?? docs.error) && (
        <Alert color="red" role="alert">
          {serverMessage(rx.error ?? docs.error)}
        </Alert>
      )}
      <Group align="flex-end">
        <FileInput
          label="Dokument (PDF, JPEG oder PNG, höchstens 10 MB)"
          placeholder="Datei wählen"
          accept="application/pdf,image/jpeg,image/png"
          value={file}
          onChange={setFile}
          clearable
          miw={320}
        />
        <Button onClick={() => void send()} loading={upload.isPending} disabled={!file}>
          Hochladen
        </Button>
      </Group>
      {docs.isLoading && <Loader aria-label="Dokumente werden geladen" />}
      {docs.data?.length === 0 && <Text>Noch keine Dokumente.</Text>}
      {docs.data && docs.data.length > 0 && (
        <Table striped withTableBorder aria-label="Dokumente">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datei</Table.Th>
              <Table.Th>Größe</Table.Th>
              <Table.Th>Hochgeladen</Table.Th>
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.data.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.filename}</Table.Td>
                <Table.Td>{sizeText(d.size)}</Table.Td>
                <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => void get(d)}
                      aria-label={`Herunterladen: ${d.filename}`}
                    >
                      Herunterladen
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => confirmDelete(d)}
                      aria-label={`Löschen: ${d.filename}`}
                    >
                      Löschen
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant="default" component={Link} to={to('rxEdit', { rx_id: rxId })}>
          Zurück zur Verordnung
        </Button>
      </Group>
    </Stack>
  );
}
