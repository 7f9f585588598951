import { Alert, Button, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extensionInstalled } from './patient-data-link';

/** tracemedicsLink: whether the patient-data browser extension answers, and what it is for. */
export default function PatientDataExtensionPage() {
  const check = useQuery({
    queryKey: ['patient-data-extension'],
    queryFn: () => extensionInstalled(window, { id: crypto.randomUUID() }),
    retry: false,
    gcTime: 0,
  });
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        Browser-Erweiterung für Patientendaten
      </Title>
      {check.isFetching && <Loader size="sm" aria-label="Erweiterung wird gesucht" />}
      {!check.isFetching && check.data === true && (
        <Alert color="green">Die Browser-Erweiterung ist in diesem Browser installiert und aktiv.</Alert>
      )}
      {!check.isFetching && check.data === false && (
        <Alert color="yellow">
          Die Browser-Erweiterung antwortet nicht: Sie ist in diesem Browser nicht installiert oder ausgeschaltet.
        </Alert>
      )}
      <Text>
        Die Erweiterung übernimmt die Daten eines Kunden aus einem Termin (Name, Geburtsdatum, Anschrift, Kontakt) und
        füllt damit Formulare anderer Systeme aus, etwa beim Gesundheitsamt oder bei einem Labor.
      </Text>
      <List>
        <List.Item>Installieren Sie die Erweiterung in dem Browser, mit dem Sie hier arbeiten.</List.Item>
        <List.Item>Öffnen Sie einen Termin und wählen Sie „Patientendaten an Erweiterung“.</List.Item>
        <List.Item>Im anderen System füllt die Erweiterung das Formular mit diesen Daten.</List.Item>
      </List>
      <div>
        <Button variant="default" onClick={() => void check.refetch()} loading={check.isFetching}>
          Erneut prüfen
        </Button>
      </div>
    </Stack>
  );
}
