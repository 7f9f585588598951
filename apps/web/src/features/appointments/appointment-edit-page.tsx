import { Alert, Button, Group, Loader, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AppointmentDetail } from '@tz/shared/appointments/appointment-edit.contract';
import { PCR_TEST_TYPES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { formActionState } from '@tz/shared/rules/form-rules';
import { germanDate } from '@tz/shared/rules/german-date';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth, useSessionInfo } from '../../auth/use-session';
import { to } from '../../routes';
import { useBack } from '../../ui/back';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import { AppointmentHistory } from '../audit/appointment-history';
import { CHECK_IN_QR_TITLE, CheckInQrCode } from '../forms/check-in-qr-code-modal';
import { VACCINATION_DATA_TITLE, VaccinationData } from '../forms/save-vaccination-data-modal';
import { AppointmentGroups } from '../groups/appointment-groups';
import { SampleLabelButtons } from '../pcr-labs/sample-label-buttons';
import { AppointmentReceiptDemisActions } from '../receipts/appointment-receipt-demis-actions';
import { unappliedSeriesChange } from './appointment-edit-result';
import { APPOINTMENT_LABELS, editFormPath } from './appointment-field-labels';
import {
  AppointmentFields,
  type AppointmentFieldValues,
  appointmentPayload,
  appointmentValidation,
  defaultAppointmentValues,
} from './appointment-fields';
import { PatientDataButton } from './patient-data-button';
import { extensionPatient } from './patient-data-link';
import { useAppointment, useUpdateAppointment } from './use-appointment-edit';
import { useAppointmentOptions } from './use-appointments';

type Values = AppointmentFieldValues & { approved: boolean };

const valuesOf = (a: AppointmentDetail): Values => ({
  date: a.date,
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
  e instanceof ApiError && e.code === 'CHANGED_MEANWHILE'
    ? MSG.appointmentEditedMeanwhile
    : e instanceof ApiError
      ? `${MSG.genericError} (${e.code} ${e.status}): ${text}`
      : `${MSG.genericError} (${String(e)})`;

/** appointmentEdit: the whole appointment; status switches freely between approved and cancelled. */
export default function AppointmentEditPage() {
  const params = useParams();
  const appointmentId = Number(params.appointment_id);
  const customerId = Number(params.customer_id);
  const auth = useAuth();
  // the centre worked for (a platform admin's adopted one), not the login's own
  const session = useSessionInfo();
  const back = useBack(to('appointments'));
  const appointment = useAppointment(appointmentId, customerId);
  const options = useAppointmentOptions(auth.staffId);
  const update = useUpdateAppointment(appointmentId);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'qr' | 'vaccination'>(null);
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
      const saved = await update.mutateAsync({
        customer_id: customerId,
        start_date: `${p.date} ${p.time}:00`,
        service_id: p.service_id,
        status: v.approved ? 'approved' : 'cancelled',
        notes: p.notes,
        number_of_new_appointments: p.number_of_new_appointments,
        number_of_blocked_slots: p.number_of_blocked_slots,
        overbook: p.overbook,
        // The version this screen shows: a change saved meanwhile elsewhere is refused (409), not overwritten.
        updated_at: appointment.data?.updated_at,
      });
      const unapplied = unappliedSeriesChange(p, saved);
      if (unapplied) setError(unapplied);
      else notifications.show({ color: 'green', message: MSG.appointmentUpdated });
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
  const centreType = options.data?.centre_type ?? '1';
  const vaccination = formActionState(a.checked_in, centreType).vaccination;

  return (
    <Stack maw={760}>
      <Group justify="space-between">
        <Button variant="default" onClick={back}>
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
        {a.customer_birthday ? `, geboren am ${germanDate(a.customer_birthday)}` : ''} · Vorgangsnummer{' '}
        {displayCustomerAppointmentId(a.customer_appointment_id)}
      </Text>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <AppointmentReceiptDemisActions
            appointment={a}
            centre={{ type: centreType, email: session.data?.centre.email ?? null }}
            onChanged={() => appointment.refetch()}
          />
          <Group gap={4}>
            <Button size="compact-xs" variant="light" onClick={() => setDialog('qr')}>
              QR-Code / Eingabe
            </Button>
            {vaccination && (
              <Button size="compact-xs" variant="light" onClick={() => setDialog('vaccination')}>
                {a.vaccination_id ? 'Impfdaten ändern' : 'Impfdaten erfassen'}
              </Button>
            )}
            <PatientDataButton patient={() => extensionPatient(a)} />
            {a.service_test_type !== null && PCR_TEST_TYPES.includes(a.service_test_type) && (
              <SampleLabelButtons
                staffId={auth.staffId}
                appointmentId={a.appointment_id}
                name={`${a.customer_firstname} ${a.customer_lastname}`}
                size="compact-xs"
              />
            )}
          </Group>
          <AppointmentGroups
            staffId={auth.staffId}
            appointmentId={a.appointment_id}
            customerId={a.customer_id}
            initial={a.aInstitutionIds}
          />
        </Stack>
      </Paper>
      <Modal
        opened={dialog === 'qr'}
        onClose={() => setDialog(null)}
        title={CHECK_IN_QR_TITLE}
        size="md"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        <CheckInQrCode token={a.token} />
      </Modal>
      <Modal
        opened={dialog === 'vaccination'}
        onClose={() => setDialog(null)}
        title={VACCINATION_DATA_TITLE}
        size="md"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {dialog === 'vaccination' && (
          <VaccinationData
            token={a.token}
            onSaved={() => {
              setDialog(null);
              void appointment.refetch();
            }}
          />
        )}
      </Modal>
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
      <AppointmentHistory staffId={auth.staffId} appointmentId={a.appointment_id} />
    </Stack>
  );
}
