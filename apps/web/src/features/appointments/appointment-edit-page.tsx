import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AppointmentDetail } from '@tz/shared/appointments/appointment-edit.contract';
import { MSG } from '@tz/shared/messages';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { formatDate } from '../../ui/format';
import { isoToGerman } from '../../ui/german-date';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { AppointmentReceiptDemisActions } from '../receipts/appointment-receipt-demis-actions';
import { APPOINTMENT_LABELS, editFormPath } from './appointment-field-labels';
import {
  AppointmentFields,
  type AppointmentFieldValues,
  appointmentPayload,
  appointmentValidation,
  defaultAppointmentValues,
} from './appointment-fields';
import { useAppointment, useUpdateAppointment } from './use-appointment-edit';
import { useAppointmentOptions } from './use-appointments';

type Values = AppointmentFieldValues & { approved: boolean };

const valuesOf = (a: AppointmentDetail): Values => ({
  date: isoToGerman(a.date),
  time: a.time,
  service_id: String(a.service_id),
  notes: a.notes ?? '',
  number_of_new_appointments: a.number_of_new_appointments,
  number_of_blocked_slots: a.number_of_blocked_slots,
  overbook: false,
  approved: a.status === 'approved',
});

/** 'Etwas ist schief gelaufen (code status)' (core-workflow §8) with the reason in the form's terms. */
const updateErrorText = (e: unknown, text: string) =>
  e instanceof ApiError ? `${MSG.genericError} (${e.code} ${e.status}): ${text}` : `${MSG.genericError} (${String(e)})`;

/** appointmentEdit: the whole appointment; status switches freely between approved and cancelled. */
export default function AppointmentEditPage() {
  const params = useParams();
  const appointmentId = Number(params.appointment_id);
  const customerId = Number(params.customer_id);
  const auth = useAuth();
  const navigate = useNavigate();
  const appointment = useAppointment(appointmentId, customerId);
  const options = useAppointmentOptions(auth.staffId);
  const update = useUpdateAppointment(appointmentId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { ...defaultAppointmentValues(), approved: true },
    validate: appointmentValidation,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form when the appointment (re)loads
  useEffect(() => {
    if (appointment.data) {
      form.setValues(valuesOf(appointment.data));
      form.resetDirty();
    }
  }, [appointment.data]);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    const p = appointmentPayload(v);
    try {
      await update.mutateAsync({
        customer_id: customerId,
        start_date: `${p.date} ${p.time}:00`,
        service_id: p.service_id,
        status: v.approved ? 'approved' : 'cancelled',
        notes: p.notes,
        number_of_new_appointments: p.number_of_new_appointments,
        number_of_blocked_slots: p.number_of_blocked_slots,
        overbook: p.overbook,
      });
      notifications.show({ color: 'green', message: MSG.appointmentUpdated });
    } catch (e) {
      setError(
        updateErrorText(e, applyServerErrors(form, e, labelsOf(APPOINTMENT_LABELS), { toFormPath: editFormPath }).text),
      );
    }
  });

  if (appointment.isLoading) return <Loader aria-label="Lädt" />;
  if (appointment.error || !appointment.data) {
    return (
      <Alert color="red" role="alert">
        {appointment.error instanceof Error ? appointment.error.message : MSG.appointmentNotFound}
      </Alert>
    );
  }
  const a = appointment.data;
  return (
    <Stack maw={760}>
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate(-1)}>
          Zurück
        </Button>
        <Button variant="subtle" component={Link} to={to('customer_edit', { id: a.customer_id })}>
          Kunde bearbeiten
        </Button>
      </Group>
      <Title order={1} size="h2">
        Termin bearbeiten
      </Title>
      <Text>
        {a.customer_firstname} {a.customer_lastname}
        {a.customer_birthday ? `, geboren am ${formatDate(a.customer_birthday)}` : ''} · Vorgangsnummer{' '}
        {String(a.customer_appointment_id).slice(-6)}
      </Text>
      <Paper withBorder p="sm">
        <AppointmentReceiptDemisActions
          appointment={a}
          centre={{ type: options.data?.centre_type ?? '1', email: auth.testcenter_email ?? null }}
          onChanged={() => appointment.refetch()}
        />
      </Paper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Switch
            label={form.values.approved ? 'Status: bestätigt' : 'Status: storniert'}
            {...form.getInputProps('approved', { type: 'checkbox' })}
          />
          <AppointmentFields form={form} currentServiceId={a.service_id} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
