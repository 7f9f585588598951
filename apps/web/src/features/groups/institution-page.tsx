import { Alert, Button, Collapse, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { CSV_HEADER_LINE } from '@tz/shared/groups/customer-csv';
import { GROUP_MEMBERS_PER_PAGE, type GroupCustomer } from '@tz/shared/groups/groups.contract';
import { importedTotal, MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BulkAppointmentForm } from './bulk-appointment-form';
import { CsvImport, SampleCsvLink } from './csv-import';
import { GroupAppointments } from './group-appointments';
import { GroupMembersTable } from './group-members-table';
import { ALL, chosenCount, forget, type MemberSelection, NONE, toggle } from './member-selection';
import { useInstitution, useRemoveFromGroup } from './use-groups';

/**
 * Group page (route InstitutionAppointments): members page by page, CSV
 * import, bulk appointments, the group's appointments. A group of 10,000
 * draws one page of members; 'Alle auswählen' is the whole group on the server.
 */
export default function InstitutionPage() {
  const params = useParams();
  const staffId = Number(params.id);
  const institutionId = Number(params.insti_id);
  const [page, setPage] = useState(1);
  const institution = useInstitution(staffId, institutionId, page);
  const remove = useRemoveFromGroup(staffId, institutionId);
  const [selection, setSelection] = useState<MemberSelection>(NONE);
  const [showHelp, setShowHelp] = useState(false);
  const total = institution.data?.iTotalCustomers ?? 0;
  const pages = Math.max(1, Math.ceil(total / GROUP_MEMBERS_PER_PAGE));

  const confirmRemove = (m: GroupCustomer) =>
    modals.openConfirmModal({
      title: `${m.first_name} ${m.last_name} aus der Gruppe entfernen`,
      children: <Text>{MSG.removeFromGroupConfirm}</Text>,
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(m.id);
          setSelection((s) => forget(s, m.id));
          notifications.show({ color: 'green', message: MSG.removedFromGroup });
        } catch {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: MSG.genericError });
        }
      },
    });

  if (institution.isLoading) return <Loader aria-label="Gruppe wird geladen" />;
  if (institution.isError) return <Alert color="red">{institution.error.message}</Alert>;

  return (
    <Stack>
      <Title order={1} size="h2">
        Gruppe: {institution.data?.institution.name}
      </Title>

      <Title order={2} size="h3">
        Kunden der Gruppe
      </Title>
      {total === 0 ? (
        <Text>Diese Gruppe hat noch keine Kunden.</Text>
      ) : (
        <GroupMembersTable
          members={institution.data?.aoCustomers ?? []}
          total={total}
          page={Math.min(page, pages)}
          pages={pages}
          onPage={setPage}
          selection={selection}
          onSelectAll={(all) => setSelection(all ? ALL : NONE)}
          onToggle={(id) => setSelection((s) => toggle(s, id))}
          onRemove={confirmRemove}
        />
      )}

      <Title order={2} size="h3" mt="lg">
        Termine für die Gruppe
      </Title>
      <BulkAppointmentForm
        staffId={staffId}
        institutionId={institutionId}
        selection={selection}
        count={chosenCount(selection, total)}
      />
      <GroupAppointments staffId={staffId} institutionId={institutionId} />

      <Title order={2} size="h3" mt="lg">
        Kunden per CSV importieren
      </Title>
      <div>
        <Button variant="subtle" onClick={() => setShowHelp((v) => !v)} aria-expanded={showHelp}>
          {showHelp ? 'CSV-Anleitung ausblenden' : 'CSV-Anleitung anzeigen'}
        </Button>
      </div>
      <Collapse expanded={showHelp}>
        <Stack gap="xs">
          <Text>Die erste Zeile der Datei muss genau diese Spaltennamen enthalten (Reihenfolge beliebig):</Text>
          <Text ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {CSV_HEADER_LINE}
          </Text>
          <Text>
            Trennzeichen ist das Semikolon, die Kodierung UTF-8 oder ISO-8859-1. Die Straße enthält die Hausnummer, der
            Geburtstag steht als TT.MM.JJJJ. Weitere Spalten werden angezeigt, aber weder geprüft noch importiert; leere
            Zeilen werden ignoriert. Höchstens 5 MB und 20.000 Zeilen.
          </Text>
          <SampleCsvLink />
        </Stack>
      </Collapse>
      <CsvImport
        staffId={staffId}
        institutionId={institutionId}
        onImported={(n) => notifications.show({ color: 'green', message: importedTotal(n) })}
      />
    </Stack>
  );
}
