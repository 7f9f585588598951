import {
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MSG } from '@tz/shared/messages';
import { isValidAppointmentTime, nextHalfHour, normaliseTime } from '@tz/shared/rules/appointment-time';
import { germanDate } from '@tz/shared/rules/german-date';
import { useAuth } from '../../auth/use-session';
import { type DateFieldValue, dateFieldProblem } from '../../ui/german-date-field';
import { GermanDateInput } from '../../ui/german-date-input';
import { APPOINTMENT_LABELS as L } from './appointment-field-labels';
import { useFreeSlots } from './use-appointment-edit';
import { useAppointmentOptions } from './use-appointments';

export interface AppointmentFieldValues {
  /** The day (ui/german-date-field.ts: the date, or the text as typed when it is none). */
  date: DateFieldValue;
  time: string;
  service_id: string | null;
  notes: string;
  number_of_new_appointments: number | string;
  number_of_blocked_slots: number | string;
  overbook: boolean;
}

/** The form's default: the next half hour from now (centre time), never one in the past. */
export function defaultAppointmentValues(timeZone = 'Europe/Berlin'): AppointmentFieldValues {
  const d = nextHalfHour(new Date(), timeZone);
  return {
    date: d.date,
    time: d.time,
    service_id: null,
    notes: '',
    number_of_new_appointments: 1,
    number_of_blocked_slots: 0,
    overbook: false,
  };
}

/** The same rules as the server, so the person sees them before sending. */
export const appointmentValidation = {
  date: (v: DateFieldValue) => dateFieldProblem(v, { required: true }),
  time: (v: string) => (isValidAppointmentTime(v) ? null : MSG.appointmentTimeFormat),
  service_id: (v: string | null) => (v ? null : MSG.chooseProduct),
  number_of_new_appointments: (v: number | string) =>
    Number.isInteger(Number(v)) && Number(v) >= 1 && v !== '' ? null : MSG.appointmentCountMin,
  number_of_blocked_slots: (v: number | string) =>
    Number.isInteger(Number(v)) && Number(v) >= 0 && v !== '' ? null : MSG.blockedSlotsMin,
};

/** Form values (validated: the date is one) → the wire's date, time and counts. */
export function appointmentPayload(v: AppointmentFieldValues) {
  return {
    date: v.date!,
    time: normaliseTime(v.time),
    service_id: Number(v.service_id),
    notes: v.notes.trim() || null,
    number_of_new_appointments: Number(v.number_of_new_appointments),
    number_of_blocked_slots: Number(v.number_of_blocked_slots),
    overbook: v.overbook,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the fields fit any form that holds these values
type AnyForm = UseFormReturnType<any>;

/** Date, time, service, notes, series and blocking: shared by the create and edit screens. */
export function AppointmentFields({
  form,
  currentServiceId,
  showFreeSlots = false,
}: {
  form: AnyForm;
  currentServiceId?: number;
  /** The create screens list the day's free slots of the chosen service; a click takes the time. */
  showFreeSlots?: boolean;
}) {
  const { staffId } = useAuth();
  const options = useAppointmentOptions(staffId);
  const services = (options.data?.services ?? [])
    .filter((s) => s.active || s.id === currentServiceId)
    .map((s) => ({ value: String(s.id), label: s.active ? s.title : `${s.title} (inaktiv)` }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <GermanDateInput label={L.date} withAsterisk {...form.getInputProps('date')} />
        <TextInput label={L.time} placeholder="HH:MM" maxLength={5} withAsterisk {...form.getInputProps('time')} />
      </SimpleGrid>
      <Select
        label={L.service_id}
        placeholder="Bitte wählen"
        data={services}
        withAsterisk
        searchable
        {...form.getInputProps('service_id')}
      />
      {showFreeSlots && (
        <FreeSlots
          date={dateFieldProblem(form.values.date, { required: true }) ? null : form.values.date}
          serviceId={form.values.service_id ? Number(form.values.service_id) : null}
          time={form.values.time}
          onPick={(time) => form.setFieldValue('time', time)}
        />
      )}
      <Textarea label={L.notes} autosize minRows={2} {...form.getInputProps('notes')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={L.number_of_new_appointments}
          allowDecimal={false}
          {...form.getInputProps('number_of_new_appointments')}
        />
        <NumberInput
          label={L.number_of_blocked_slots}
          description="0 = der Termin blockiert nicht"
          allowDecimal={false}
          {...form.getInputProps('number_of_blocked_slots')}
        />
      </SimpleGrid>
      <Checkbox label={MSG.overbookLabel} {...form.getInputProps('overbook', { type: 'checkbox' })} />
    </Stack>
  );
}

/** The free slots of the chosen day and service (the server's free-slot rule), as buttons that set the time. */
function FreeSlots({
  date,
  serviceId,
  time,
  onPick,
}: {
  date: string | null;
  serviceId: number | null;
  time: string;
  onPick: (time: string) => void;
}) {
  const slots = useFreeSlots(serviceId, date);
  if (!date || !serviceId) return null;
  const picked = isValidAppointmentTime(time) ? normaliseTime(time) : null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="free-slots-heading">
        Freie Zeiten am {germanDate(date)}
      </Text>
      {slots.isLoading && <Loader size="xs" aria-label="Freie Zeiten werden geladen" />}
      {slots.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {MSG.noFreeSlots}
        </Text>
      )}
      {!!slots.data?.length && (
        <Group gap={4} role="group" aria-labelledby="free-slots-heading">
          {slots.data.map((s) => (
            <Button
              key={s.start_time}
              size="compact-xs"
              variant={s.start_time === picked ? 'filled' : 'default'}
              aria-pressed={s.start_time === picked}
              aria-label={`${s.start_time} Uhr, ${s.free === 1 ? 'ein Platz' : `${s.free} Plätze`} frei`}
              onClick={() => onPick(s.start_time)}
            >
              {s.start_time}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
