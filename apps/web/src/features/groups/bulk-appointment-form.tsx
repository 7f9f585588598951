import { Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { TimeOfDayPicker } from '../../ui/time-picker';
import { useServices } from '../services/use-services';
import { type MemberSelection, selectionBody } from './member-selection';
import { useAddGroupAppointments } from './use-groups';
import { WorkProgress } from './work-progress';

const pad = (n: number | string) => String(n).padStart(2, '0');
const de = (n: number) => n.toLocaleString('de-DE');

/**
 * The group page's bulk appointments (configuration-admin §2): service, day,
 * month, year, a 24-hour time; one request for every chosen member, the whole
 * group included ('Alle auswählen' is read on the server). 'Trotzdem buchen'
 * overbooks as on a single appointment.
 */
export function BulkAppointmentForm({
  staffId,
  institutionId,
  selection,
  count,
}: {
  staffId: number;
  institutionId: number;
  selection: MemberSelection;
  /** How many members the selection holds. */
  count: number;
}) {
  const services = useServices(staffId);
  const add = useAddGroupAppointments(staffId, institutionId);
  const today = new Date();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(String(today.getDate()));
  const [month, setMonth] = useState<string | null>(String(today.getMonth() + 1));
  const [year, setYear] = useState<string | null>(String(today.getFullYear()));
  const [time, setTime] = useState('');
  const [overbook, setOverbook] = useState(false);
  const years = [0, 1, 2].map((n) => String(today.getFullYear() + n));
  const ready = count > 0 && !!serviceId && time !== '' && !!day && !!month && !!year;

  const submit = async () => {
    if (!ready) return;
    try {
      await add.mutateAsync({
        service_id: Number(serviceId),
        ...selectionBody(selection),
        sSelectedDateTime: `${year}-${pad(month!)}-${pad(day!)} ${time}`,
        overbook,
      });
      notifications.show({ color: 'green', message: MSG.appointmentsSaved });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError,
      });
    }
  };

  return (
    <Stack gap="xs">
      <Group align="end">
        <Select
          label="Dienstleistung"
          allowDeselect={false}
          data={(services.data ?? []).filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.title }))}
          value={serviceId}
          onChange={setServiceId}
          w={260}
        />
        <Select
          label="Tag"
          allowDeselect={false}
          data={Array.from({ length: 31 }, (_, i) => String(i + 1))}
          value={day}
          onChange={setDay}
          w={80}
        />
        <Select
          label="Monat"
          allowDeselect={false}
          data={Array.from({ length: 12 }, (_, i) => String(i + 1))}
          value={month}
          onChange={setMonth}
          w={80}
        />
        <Select label="Jahr" allowDeselect={false} data={years} value={year} onChange={setYear} w={100} />
        <TimeOfDayPicker label="Uhrzeit" value={time} onChange={setTime} />
        <Button onClick={submit} disabled={!ready || add.isPending} loading={add.isPending}>
          {de(count)} Termine erstellen
        </Button>
      </Group>
      <Checkbox label={MSG.overbookLabel} checked={overbook} onChange={(e) => setOverbook(e.currentTarget.checked)} />
      {add.isPending && <WorkProgress label={`${de(count)} Termine werden erstellt …`} />}
    </Stack>
  );
}
