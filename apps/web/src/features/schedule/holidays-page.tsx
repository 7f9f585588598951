import { ActionIcon, Alert, Button, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MAX_HOLIDAYS_AT_ONCE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { applyServerErrors, focusField } from '../../ui/server-errors';
import { holidaysLabel } from './schedule-field-labels';
import { useDeleteHoliday, useHolidays, useUpdateHolidays } from './use-schedule';

const empty = () => Array.from({ length: MAX_HOLIDAYS_AT_ONCE }, () => '');

export default function HolidaysPage() {
  const staffId = Number(useParams().id);
  const holidays = useHolidays(staffId);
  const update = useUpdateHolidays(staffId);
  const remove = useDeleteHoliday(staffId);
  // Named as the request body, so the server's paths (date.2) are the form's.
  const form = useForm<{ date: string[] }>({ initialValues: { date: empty() } });
  const dates = form.values.date;

  const failed = (e: unknown) =>
    notifications.show({
      color: 'red',
      title: MSG.errorTitle,
      message: e instanceof ApiError && e.status < 500 ? `${MSG.genericError}: ${e.message}` : MSG.genericError,
    });

  // The form sends all five dates, empty ones included (configuration-admin §5).
  const save = async () => {
    form.clearErrors();
    // A typed text that is no date stays in its field with the reason; nothing is sent in its place.
    const refused = dates.findIndex((d) => dateFieldProblem(d));
    if (refused >= 0) {
      const reason = `${holidaysLabel(dates.length)(`date.${refused}`)}: ${dateFieldProblem(dates[refused])}`;
      focusField(form, `date.${refused}`);
      notifications.show({ color: 'red', title: MSG.errorTitle, message: `${MSG.genericError}: ${reason}` });
      return;
    }
    try {
      await update.mutateAsync(dates);
      form.setValues({ date: empty() });
      notifications.show({ color: 'green', message: MSG.holidaysUpdated });
    } catch (e) {
      const refused = applyServerErrors(form, e, holidaysLabel(dates.length));
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError && e.status < 500 ? `${MSG.genericError}: ${refused.text}` : MSG.genericError,
      });
    }
  };

  const confirmDelete = (id: number) =>
    modals.openConfirmModal({
      title: 'Feiertag löschen',
      children: <Text>{MSG.deleteHolidayConfirm}</Text>,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          notifications.show({ color: 'green', message: MSG.holidayDeleted });
        } catch (e) {
          failed(e);
        }
      },
    });

  return (
    <Stack>
      <Title order={1} size="h2">
        Feiertage
      </Title>
      <Alert color="blue">{MSG.holidaysAtOnce}</Alert>
      <SimpleGrid cols={{ base: 1, sm: 5 }}>
        {dates.map((d, i) => (
          <GermanDateInput
            // biome-ignore lint/suspicious/noArrayIndexKey: five fixed pickers
            key={i}
            label={`Feiertag ${i + 1}`}
            clearable
            clearLabel={`Feiertag ${i + 1} entfernen`}
            {...form.getInputProps(`date.${i}`, { withFocus: false })}
            value={d}
            onChange={(v) => form.setFieldValue(`date.${i}`, v ?? '')}
          />
        ))}
      </SimpleGrid>
      <div>
        <Button onClick={save} loading={update.isPending}>
          Feiertage speichern
        </Button>
      </div>
      <Title order={2} size="h3" mt="lg">
        Kommende Feiertage
      </Title>
      {holidays.isLoading && <Loader aria-label="Feiertage werden geladen" />}
      {holidays.data?.length === 0 && <Text>Keine kommenden Feiertage eingetragen.</Text>}
      {!!holidays.data?.length && (
        <Table striped maw={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Löschen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holidays.data.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>{germanDate(h.date)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    color="red"
                    variant="light"
                    aria-label={`Feiertag ${germanDate(h.date)} löschen`}
                    onClick={() => confirmDelete(h.id)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
