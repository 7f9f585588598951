import { Button, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { PCR_MSG } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate } from '@tz/shared/rules/german-date';
import { addDays, dateInZone } from '@tz/shared/rules/time-zone';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { viewerTimeZone } from '../../ui/format';
import { type DateFieldValue, dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { useUpright } from '../../ui/use-upright';
import { SampleLabelButtons } from './sample-label-buttons';
import { usePcrAppointments, usePcrLabs, useSetPcrLab } from './use-pcr-labs';

const serverMessage = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError);

/** pcrLabsAppointments: the centre's PCR appointments with their lab, the lab choice and the sample label. */
export default function PcrLabsAppointmentsPage() {
  const { staffId } = useAuth();
  const today = dateInZone(Date.now(), viewerTimeZone());
  const [from, setFrom] = useState<DateFieldValue>(addDays(today, -7));
  const [until, setUntil] = useState<DateFieldValue>(today);
  // A typed day that is no date (or 'Bis' before 'Von') stays in its field with the reason; no list for it.
  const untilRules = { required: true, min: from, minMessage: PCR_MSG.rangeOrder };
  const valid = !dateFieldProblem(from, { required: true }) && !dateFieldProblem(until, untilRules);
  const labs = usePcrLabs(staffId);
  const list = usePcrAppointments(staffId, valid ? from! : '', valid ? until! : '');
  const setLab = useSetPcrLab(staffId);
  const labOptions = (labs.data ?? []).map((l) => ({ value: String(l.id), label: l.name }));
  const noLab = labs.data?.length === 0;
  // A tablet upright: the number stands under the date and the service under the name.
  const upright = useUpright();

  const chooseLab = (appointmentId: number, value: string | null) =>
    setLab.mutate(
      { appointmentId, labId: value ? Number(value) : null },
      {
        onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
        onError: (e) => notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) }),
      },
    );

  return (
    <Stack>
      <Group align="end">
        <GermanDateInput label="Von" required value={from} onChange={setFrom} w={150} />
        <GermanDateInput label="Bis" {...untilRules} value={until} onChange={setUntil} w={150} />
      </Group>
      {list.isError && <Text c="red">{serverMessage(list.error)}</Text>}
      {list.isLoading && <Loader aria-label="PCR-Termine werden geladen" />}
      {list.data?.length === 0 && <Text>{MSG.noAppointments}</Text>}
      {!!list.data?.length && (
        // Fits from 992 px of content without sideways scrolling: below xl the birthday moves under the
        // name and the two label buttons stack, so the lab choice and the result stay in their columns;
        // upright (736 px) the number goes under the date and the service under the name as well.
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              {!upright && <Table.Th>Nr.</Table.Th>}
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="xl">Geburtstag</Table.Th>
              {!upright && <Table.Th>Dienstleistung</Table.Th>}
              <Table.Th>Labor</Table.Th>
              <Table.Th>Ergebnis</Table.Th>
              <Table.Th>Probenetikett</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((a) => {
              const name = `${a.customer_firstname} ${a.customer_lastname}`;
              return (
                <Table.Tr key={a.appointment_id}>
                  <Table.Td>
                    {germanDate(a.date)} {a.time}
                    {upright && (
                      <Text size="xs" c="dimmed">
                        Nr. {displayCustomerAppointmentId(a.customer_appointment_id)}
                      </Text>
                    )}
                  </Table.Td>
                  {!upright && <Table.Td>{displayCustomerAppointmentId(a.customer_appointment_id)}</Table.Td>}
                  <Table.Td>
                    {name}
                    <Text size="xs" c="dimmed" hiddenFrom="xl">
                      geb. {germanDate(a.customer_birthday)}
                    </Text>
                    {upright && (
                      <Text size="xs" c="dimmed">
                        {a.service_title}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="xl">{germanDate(a.customer_birthday)}</Table.Td>
                  {!upright && <Table.Td>{a.service_title}</Table.Td>}
                  <Table.Td>
                    <Select
                      aria-label={`Labor für ${name}`}
                      placeholder="Kein Labor"
                      data={labOptions}
                      value={a.pcr_lab_id_selected === null ? null : String(a.pcr_lab_id_selected)}
                      onChange={(v) => chooseLab(a.appointment_id, v)}
                      clearable
                      disabled={noLab}
                      w={180}
                    />
                  </Table.Td>
                  <Table.Td>
                    {noLab ? (
                      <Text size="sm">{MSG.noPcrLab}</Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={to('appointmentEdit', { appointment_id: a.appointment_id, customer_id: a.customer_id })}
                      >
                        {a.result_button_label ?? 'Ergebnis'}
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap" maw={260}>
                      <SampleLabelButtons staffId={staffId} appointmentId={a.appointment_id} name={name} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
