import { Alert, Autocomplete, Button, Group, Loader, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { VACCINES } from '@tz/shared/constants';
import type { VaccinationData as VaccinationDataValues } from '@tz/shared/forms/forms.contract';
import { MSG } from '@tz/shared/messages';
import { germanDate } from '@tz/shared/rules/german-date';
import { dateInZone } from '@tz/shared/rules/time-zone';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { type DateFieldValue, dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { RouteModal, useBackToAppointments } from './route-modal';
import { useSaveVaccinationData, useVaccinationData } from './use-forms';
import { VACCINATION_LABELS } from './vaccination-field-labels';

const today = () => dateInZone(new Date(), 'Europe/Berlin');

/** Route save-vaccination-data: vaccine, batch, dose and date of a vaccination appointment. */
export default function SaveVaccinationDataModal() {
  const { token = '' } = useParams();
  const back = useBackToAppointments();
  return (
    <RouteModal title={VACCINATION_DATA_TITLE} size="md">
      <VaccinationData token={token} onSaved={back} />
    </RouteModal>
  );
}

export const VACCINATION_DATA_TITLE = 'Impfdaten erfassen';

/** Who is vaccinated and the vaccination form: in the route modal over the list and in the edit screen's dialog. */
export function VaccinationData({ token, onSaved }: { token: string; onSaved: () => void }) {
  const view = useVaccinationData(token);
  return (
    <>
      {view.isLoading && <Loader aria-label="Impfdaten werden geladen" />}
      {view.error && (
        <Alert color="red" role="alert">
          {view.error instanceof ApiError ? view.error.message : MSG.genericError}
        </Alert>
      )}
      {view.data && (
        <Stack>
          <Text size="sm">
            {view.data.first_name} {view.data.last_name}
            {view.data.birthday ? `, geb. ${germanDate(view.data.birthday)}` : ''} · {view.data.service_title}
          </Text>
          <VaccinationForm token={token} initial={view.data.vaccination} onSaved={onSaved} />
        </Stack>
      )}
    </>
  );
}

function VaccinationForm({
  token,
  initial,
  onSaved,
}: {
  token: string;
  initial: VaccinationDataValues | null;
  onSaved: () => void;
}) {
  const save = useSaveVaccinationData(token);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{
    vaccine: string;
    batch_number: string;
    dose: number | string;
    vaccination_date: DateFieldValue;
  }>({
    initialValues: initial ?? { vaccine: '', batch_number: '', dose: 1, vaccination_date: today() },
    validate: {
      vaccine: (v) => (v.trim() ? null : MSG.vaccineRequired),
      batch_number: (v) => (v.trim() ? null : MSG.batchNumberRequired),
      dose: (v) =>
        Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 10
          ? null
          : 'Bitte eine Dosis von 1 bis 10 angeben',
      vaccination_date: (v) =>
        dateFieldProblem(v, { required: true, max: today(), maxMessage: MSG.vaccinationDateInFuture }),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const res = await save.mutateAsync({ ...v, dose: Number(v.dose), vaccination_date: v.vaccination_date! });
      notifications.show({ color: 'green', message: res.message });
      onSaved();
    } catch (e) {
      setError(applyServerErrors(form, e, labelsOf(VACCINATION_LABELS)).text);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Autocomplete
          label={VACCINATION_LABELS.vaccine}
          required
          data={[...VACCINES]}
          {...form.getInputProps('vaccine')}
        />
        <TextInput label={VACCINATION_LABELS.batch_number} required {...form.getInputProps('batch_number')} />
        <NumberInput
          label={VACCINATION_LABELS.dose}
          required
          min={1}
          max={10}
          allowDecimal={false}
          {...form.getInputProps('dose')}
        />
        <GermanDateInput
          label={VACCINATION_LABELS.vaccination_date}
          required
          max={today()}
          maxMessage={MSG.vaccinationDateInFuture}
          {...form.getInputProps('vaccination_date')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
