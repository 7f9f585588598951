import { ActionIcon, Alert, Anchor, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { WEEKDAYS } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import type { ScheduleItem } from '@tz/shared/schedule/schedule.contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { to } from '../../routes';
import { applyServerErrors, focusField } from '../../ui/server-errors';
import { ResultModal, type ResultState } from './result-modal';
import { openingHoursLabel } from './schedule-field-labels';
import { TimeField } from './time-field';
import { useDeleteSpecialDay, useScheduleItems, useSpecialDays, useUpdateSchedule } from './use-schedule';

interface DayRow {
  day_index: number;
  start_time: string;
  end_time: string;
  break: { start_time: string; end_time: string }[];
}

const DAY_INDEXES = [1, 2, 3, 4, 5, 6, 7];

function weekOf(items: ScheduleItem[]): DayRow[] {
  return DAY_INDEXES.map((day_index) => {
    const item = items.find((i) => i.day_index === day_index);
    const breaks = item?.break ?? [];
    return {
      day_index,
      start_time: item?.start_time ?? '',
      end_time: item?.end_time ?? '',
      break: [0, 1].map((i) => ({ start_time: breaks[i]?.start_time ?? '', end_time: breaks[i]?.end_time ?? '' })),
    };
  });
}

export default function OpeningHoursPage() {
  const staffId = Number(useParams().id);
  const items = useScheduleItems(staffId);
  const specialDays = useSpecialDays(staffId);
  const update = useUpdateSchedule(staffId);
  const remove = useDeleteSpecialDay(staffId);
  // The values are named as the request body, so the server's paths (schedule_items.1.start_time) are the form's.
  const form = useForm<{ schedule_items: DayRow[] }>({ initialValues: { schedule_items: [] } });
  const [loaded, setLoaded] = useState(false);
  const [result, setResult] = useState<ResultState | null>(null);
  const [firstError, setFirstError] = useState<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the hours have loaded
  useEffect(() => {
    if (!items.data) return;
    form.setValues({ schedule_items: weekOf(items.data) });
    form.resetDirty();
    setLoaded(true);
  }, [items.data]);
  const week = form.values.schedule_items;

  const save = async () => {
    if (!loaded) return;
    form.clearErrors();
    try {
      const r = await update.mutateAsync(week);
      setResult({ ok: true, title: MSG.updated, message: r.message });
    } catch (e) {
      // The dialog comes first; the first marked field gets the focus when it closes.
      const refused = applyServerErrors(form, e, openingHoursLabel(week), { focus: false });
      setFirstError(refused.first);
      setResult({ ok: false, title: MSG.errorTitle, message: MSG.genericErrorColon + refused.text });
    }
  };

  const confirmDelete = (id: number) =>
    modals.openConfirmModal({
      title: 'Tag löschen',
      children: <Text>{MSG.deleteDayConfirm}</Text>,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          notifications.show({ color: 'green', message: MSG.holidayDeleted });
        } catch {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: MSG.genericErrorDot });
        }
      },
    });

  return (
    <Stack>
      <Title order={1} size="h2">
        Öffnungszeiten
      </Title>
      <Alert color="blue">{MSG.openingHoursInfo}</Alert>
      {items.isLoading && <Loader aria-label="Öffnungszeiten werden geladen" />}
      {items.error && <Alert color="red">{MSG.genericError}</Alert>}
      {loaded && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Wochentag</Table.Th>
              <Table.Th>Beginn</Table.Th>
              <Table.Th>Ende</Table.Th>
              <Table.Th>Pause 1 Beginn</Table.Th>
              <Table.Th>Pause 1 Ende</Table.Th>
              <Table.Th>Pause 2 Beginn</Table.Th>
              <Table.Th>Pause 2 Ende</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {week.map((d, row) => {
              const name = WEEKDAYS[d.day_index]!;
              const field = (path: string) => form.getInputProps(`schedule_items.${row}.${path}`);
              return (
                <Table.Tr key={d.day_index}>
                  <Table.Th scope="row">{name}</Table.Th>
                  <Table.Td>
                    <TimeField label={`${name} Beginn`} {...field('start_time')} />
                  </Table.Td>
                  <Table.Td>
                    <TimeField label={`${name} Ende`} {...field('end_time')} />
                  </Table.Td>
                  {[0, 1].flatMap((i) => [
                    <Table.Td key={`${i}s`}>
                      <TimeField label={`${name} Pause ${i + 1} Beginn`} {...field(`break.${i}.start_time`)} />
                    </Table.Td>,
                    <Table.Td key={`${i}e`}>
                      <TimeField label={`${name} Pause ${i + 1} Ende`} {...field(`break.${i}.end_time`)} />
                    </Table.Td>,
                  ])}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <div>
        <Button onClick={save} loading={update.isPending} disabled={!loaded}>
          {MSG.openingHoursSave}
        </Button>
      </div>

      <Title order={2} size="h3" mt="lg">
        Tage mit abweichenden Öffnungszeiten
      </Title>
      <Anchor component={Link} to={to('specialDays', { id: staffId })}>
        Abweichende Öffnungszeiten eintragen
      </Anchor>
      {specialDays.data?.length === 0 && <Text>Keine Tage mit abweichenden Öffnungszeiten eingetragen.</Text>}
      {!!specialDays.data?.length && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Öffnungszeit</Table.Th>
              <Table.Th>Pause 1</Table.Th>
              <Table.Th>Pause 2</Table.Th>
              <Table.Th>Löschen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {specialDays.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{germanDate(s.date)}</Table.Td>
                <Table.Td>
                  {s.start_time}–{s.end_time}
                </Table.Td>
                <Table.Td>{s.break_start_time && `${s.break_start_time}–${s.break_end_time}`}</Table.Td>
                <Table.Td>{s.break_start_time2 && `${s.break_start_time2}–${s.break_end_time2}`}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    color="red"
                    variant="light"
                    aria-label={`Tag ${germanDate(s.date)} löschen`}
                    onClick={() => confirmDelete(s.id)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* OK after saving reloads the page (spec); after an error it keeps the entries to fix them. */}
      <ResultModal
        result={result}
        onOk={(r) => {
          if (r.ok) return window.location.reload();
          setResult(null);
          setTimeout(() => focusField(form, firstError), 0);
        }}
      />
    </Stack>
  );
}
