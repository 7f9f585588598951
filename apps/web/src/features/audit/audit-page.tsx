import { Anchor, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PlatformAuditQuery } from '@tz/shared/audit/audit.contract';
import { isPlatformAdmin } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { AUDIT_KINDS, type AuditKind } from '@tz/shared/rules/audit-text';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { formatDateTime } from '../../ui/format';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { CentreSelect } from '../platform/centre-select';
import { useUsers } from '../users/use-users';
import { auditText as text } from './audit-text';
import { downloadAudit, useAuditPage } from './use-audit';

interface Filters {
  from: string | null;
  till: string | null;
  user: string | null;
  kind: string | null;
  appointment: string;
  centre: string | null;
}

const EMPTY: Filters = { from: null, till: null, user: null, kind: null, appointment: '', centre: null };

/**
 * The audit trail (issue 21): the centre's for its administrators; for the
 * platform admin every centre's, with a centre column and filter.
 */
export default function AuditPage() {
  const auth = useAuth();
  const platform = isPlatformAdmin(auth.role_id);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  // A typed 'Von'/'Bis' that is no date (or 'Bis' before 'Von') stays in its field with the reason,
  // and the list is not shown for another range than the one on the screen.
  const tillRules = { min: filters.from, minMessage: MSG.tillBeforeFrom };
  const datesValid = !dateFieldProblem(filters.from) && !dateFieldProblem(filters.till, tillRules);
  const appointmentDigits = filters.appointment.replace(/\D/g, '');
  const query: PlatformAuditQuery = {
    page: 1,
    from: filters.from ?? undefined,
    till: filters.till ?? undefined,
    user_id: filters.user ? Number(filters.user) : undefined,
    kind: (filters.kind as AuditKind | null) ?? undefined,
    appointment: appointmentDigits || undefined,
    ...(platform && filters.centre ? { staff_id: Number(filters.centre) } : {}),
  };
  const list = useAuditPage(auth.staffId, platform, { ...query, page }, datesValid);
  // whose users the user filter offers: the chosen centre's (platform) or the own
  const usersOf = platform ? (filters.centre ? Number(filters.centre) : auth.staffId) : auth.staffId;
  const users = useUsers(usersOf);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadAudit(auth.staffId, platform, query);
      notifications.show({ color: 'green', message: MSG.downloadStarted });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError ? e.message : MSG.genericError,
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {platform ? 'Protokoll aller Zentren' : 'Protokoll'}
        </Title>
        <Button variant="default" onClick={exportCsv} loading={downloading} disabled={!datesValid}>
          Als CSV exportieren
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Wer hat wann was geändert. Einträge können nicht geändert oder gelöscht werden.
      </Text>
      <Group align="flex-end" wrap="wrap">
        {platform && (
          <CentreSelect
            label="Zentrum"
            placeholder="Alle Zentren"
            value={filters.centre}
            onChange={(v) => set({ centre: v, user: null })}
            w={240}
          />
        )}
        <GermanDateInput
          label="Von"
          clearable
          clearLabel="Von-Datum löschen"
          value={filters.from}
          onChange={(v) => set({ from: v })}
          w={150}
        />
        <GermanDateInput
          label="Bis"
          clearable
          clearLabel="Bis-Datum löschen"
          {...tillRules}
          value={filters.till}
          onChange={(v) => set({ till: v })}
          w={150}
        />
        <Select
          label="Benutzer"
          placeholder="Alle"
          clearable
          searchable
          data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
          value={filters.user}
          onChange={(v) => set({ user: v })}
          w={200}
        />
        <Select
          label="Art der Änderung"
          placeholder="Alle"
          clearable
          data={AUDIT_KINDS.map((k) => ({ value: k.id, label: k.label }))}
          value={filters.kind}
          onChange={(v) => set({ kind: v })}
          w={240}
        />
        <TextInput
          label="Terminnummer"
          inputMode="numeric"
          value={filters.appointment}
          onChange={(e) => set({ appointment: e.currentTarget.value })}
          w={140}
        />
        <Button variant="subtle" onClick={() => set(EMPTY)}>
          Filter zurücksetzen
        </Button>
      </Group>
      {datesValid && list.isLoading && <Loader aria-label="Protokoll wird geladen" />}
      {datesValid && list.error && (
        <Text c="red" role="alert">
          {list.error instanceof ApiError ? list.error.message : MSG.genericError}
        </Text>
      )}
      {datesValid && list.data && (
        <>
          <Text size="sm">{list.data.total === 1 ? '1 Eintrag' : `${list.data.total} Einträge`}</Text>
          <Table striped highlightOnHover aria-label="Protokoll">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zeitpunkt</Table.Th>
                {platform && <Table.Th>Zentrum</Table.Th>}
                <Table.Th>Benutzer</Table.Th>
                <Table.Th>Was</Table.Th>
                <Table.Th>Änderung</Table.Th>
                <Table.Th>Termin-Nr.</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
                  {platform && <Table.Td>{r.centre_name ?? ''}</Table.Td>}
                  <Table.Td>{text.who(r)}</Table.Td>
                  <Table.Td>{text.what(r)}</Table.Td>
                  <Table.Td>{text.change(r)}</Table.Td>
                  <Table.Td>
                    {r.customer_appointment_id != null &&
                      (r.customer_id != null && r.staff_id === auth.staffId ? (
                        <Anchor
                          component={Link}
                          to={to('appointmentEdit', { appointment_id: r.entity_id, customer_id: r.customer_id })}
                        >
                          {displayCustomerAppointmentId(r.customer_appointment_id)}
                        </Anchor>
                      ) : (
                        displayCustomerAppointmentId(r.customer_appointment_id)
                      ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.rows.length === 0 && <Text c="dimmed">Keine Einträge für diese Auswahl.</Text>}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : control,
              })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
