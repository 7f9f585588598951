import { Alert, Anchor, Button, Stack, Table, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_SPECIAL_DAYS_AT_ONCE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { SpecialDayInput } from '@tz/shared/schedule/schedule.contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { to } from '../../routes';
import { dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { applyServerErrors, focusField } from '../../ui/server-errors';
import { ResultModal, type ResultState } from './result-modal';
import { specialDaysLabel } from './schedule-field-labels';
import { TimeField } from './time-field';
import { useCreateSpecialDays } from './use-schedule';

type Row = Required<{ [K in keyof SpecialDayInput]: string }>;

const TIME_FIELDS: [keyof Row, string][] = [
  ['start_time', 'Beginn'],
  ['end_time', 'Ende'],
  ['break_start_time', 'Pause 1 Beginn'],
  ['break_end_time', 'Pause 1 Ende'],
  ['break_start_time2', 'Pause 2 Beginn'],
  ['break_end_time2', 'Pause 2 Ende'],
];

const blank = (): Row => ({
  date: '',
  start_time: '',
  end_time: '',
  break_start_time: '',
  break_end_time: '',
  break_start_time2: '',
  break_end_time2: '',
});

export default function SpecialDaysPage() {
  const staffId = Number(useParams().id);
  const navigate = useNavigate();
  const create = useCreateSpecialDays(staffId);
  // Named as the request body, so the server's paths (special_days.0.end_time) are the form's.
  const form = useForm<{ special_days: Row[] }>({
    initialValues: { special_days: Array.from({ length: MAX_SPECIAL_DAYS_AT_ONCE }, blank) },
  });
  const [result, setResult] = useState<ResultState | null>(null);
  const [firstError, setFirstError] = useState<string>();
  const rows = form.values.special_days;

  const save = async () => {
    form.clearErrors();
    // A typed text that is no date stays in its field with the reason; nothing is sent in its place.
    const refused = rows.findIndex((r) => dateFieldProblem(r.date));
    if (refused >= 0) {
      const path = `special_days.${refused}.date`;
      const reason = `${specialDaysLabel(rows)(path)}: ${dateFieldProblem(rows[refused]!.date)}`;
      setFirstError(path);
      setResult({ ok: false, title: MSG.errorTitlePlain, message: MSG.genericErrorColon + reason });
      return;
    }
    try {
      await create.mutateAsync(rows);
      setResult({ ok: true, title: MSG.saved, message: MSG.daysSaved });
    } catch (e) {
      const refused = applyServerErrors(form, e, specialDaysLabel(rows), { focus: false });
      setFirstError(refused.first);
      setResult({ ok: false, title: MSG.errorTitlePlain, message: MSG.genericErrorColon + refused.text });
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        Abweichende Öffnungszeiten
      </Title>
      <Anchor component={Link} to={to('openingHours', { id: staffId })}>
        Zurück zu den Öffnungszeiten
      </Anchor>
      <Alert color="blue">Tragen Sie bis zu fünf Tage mit abweichenden Öffnungszeiten auf einmal ein.</Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Datum</Table.Th>
            {TIME_FIELDS.map(([k, label]) => (
              <Table.Th key={k}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: five fixed rows
            <Table.Tr key={i}>
              <Table.Td>
                <GermanDateInput
                  aria-label={`Tag ${i + 1} Datum`}
                  clearable
                  clearLabel={`Tag ${i + 1} Datum entfernen`}
                  w={150}
                  {...form.getInputProps(`special_days.${i}.date`, { withFocus: false })}
                  value={row.date}
                  onChange={(v) => form.setFieldValue(`special_days.${i}.date`, v ?? '')}
                />
              </Table.Td>
              {TIME_FIELDS.map(([k, label]) => (
                <Table.Td key={k}>
                  <TimeField label={`Tag ${i + 1} ${label}`} {...form.getInputProps(`special_days.${i}.${k}`)} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Button onClick={save} loading={create.isPending}>
          {MSG.saveDays}
        </Button>
      </div>
      <ResultModal
        result={result}
        onOk={(r) => {
          if (r.ok) return navigate(to('openingHours', { id: staffId }));
          setResult(null);
          setTimeout(() => focusField(form, firstError), 0);
        }}
      />
    </Stack>
  );
}
