import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { importedCount, MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { to } from '../../routes';
import { CsvImport, SampleCsvLink } from './csv-import';
import { useInstitution } from './use-groups';

/** Customer import for one group (configuration-admin §2): sample link, file, preview, import, then 'Termine machen'. */
export default function ImportCustomerPage() {
  const params = useParams();
  const staffId = Number(params.id);
  const institutionId = Number(params.insti_id);
  const institution = useInstitution(staffId, institutionId, 1, 1);
  const [imported, setImported] = useState<number | null>(null);

  return (
    <Stack>
      <Title order={1} size="h2">
        Kunden importieren{institution.data ? `: ${institution.data.institution.name}` : ''}
      </Title>
      {institution.isLoading && <Loader aria-label="Gruppe wird geladen" />}
      {institution.isError && <Alert color="red">{institution.error.message}</Alert>}
      <Text>
        Die Datei braucht die Spalten Vorname;Nachname;Strasse;Postleitzahl;Ort;Email;Telefon;Geburtstag;Ausweisnummer
        (durch Semikolon getrennt).
      </Text>
      <div>
        <SampleCsvLink />
      </div>
      {institution.data && (
        <CsvImport
          staffId={staffId}
          institutionId={institutionId}
          onImported={(n) => {
            setImported(n);
            notifications.show({ color: 'green', message: importedCount(n) });
          }}
        />
      )}
      {imported !== null && (
        <Alert color="green" title={importedCount(imported)}>
          <Button component={Link} to={to('InstitutionAppointments', { id: staffId, insti_id: institutionId })}>
            {MSG.makeAppointments}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
