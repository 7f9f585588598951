import { Badge, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { formActionState } from '@tz/shared/rules/form-rules';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { to } from '../../routes';
import { useInviteToForm } from './use-invite-to-form';

export interface FormActionsAppointment {
  appointment_id: number;
  customer_appointment_id: number;
  token: string;
  checked_in: number;
  customer_email: string | null;
  vaccination_id: number | null;
}

/**
 * The questionnaire actions of one appointment row: invite (only without
 * bit 4), QR code, the filled-out form, the warning marker (bit 4 without
 * bit 2) and, in vaccination centres, the vaccination data.
 */
export function AppointmentFormActions({
  appointment: a,
  centreType,
}: {
  appointment: FormActionsAppointment;
  centreType: string | null | undefined;
}) {
  const state = formActionState(a.checked_in, centreType);
  const invite = useInviteToForm();
  const { search } = useLocation();
  const who = `Termin ${displayCustomerAppointmentId(a.customer_appointment_id)}`;

  const sendInvite = async () => {
    try {
      const res = await invite.mutateAsync(a.customer_appointment_id);
      notifications.show({ color: 'green', message: res.message });
    } catch (e) {
      notifications.show({
        color: 'red',
        title: MSG.errorTitle,
        message: e instanceof ApiError ? e.message : MSG.genericError,
      });
    }
  };

  return (
    // Never squeezed by its neighbours: the row wraps it to a line of its own instead.
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {state.canInvite && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={sendInvite}
          loading={invite.isPending}
          disabled={!a.customer_email}
          title={a.customer_email ? undefined : MSG.customerWithoutEmail}
          aria-label={`Zum Fragebogen einladen (${who})`}
        >
          Einladen
        </Button>
      )}
      <Button
        size="compact-xs"
        variant="default"
        component={Link}
        to={{ pathname: to('check-in-qr-code', { token: a.token }), search }}
        aria-label={`QR-Code zum Fragebogen (${who})`}
      >
        QR
      </Button>
      {state.filled && (
        <Button
          size="compact-xs"
          variant="default"
          component={Link}
          to={{
            pathname: to('filled-out-check-in-form', {
              CustomerAppointmentId: a.customer_appointment_id,
              token: a.token,
            }),
            search,
          }}
          aria-label={`Ausgefüllten Fragebogen ansehen (${who})`}
        >
          Fragebogen
        </Button>
      )}
      {state.withWarnings && (
        <Badge color="#b33c00" variant="filled" title="Fragebogen mit Auffälligkeiten ausgefüllt">
          Auffällig
        </Badge>
      )}
      {state.vaccination && (
        <Button
          size="compact-xs"
          variant={a.vaccination_id ? 'filled' : 'default'}
          component={Link}
          to={{ pathname: to('save-vaccination-data', { token: a.token }), search }}
          aria-label={`Impfdaten ${a.vaccination_id ? 'ändern' : 'erfassen'} (${who})`}
        >
          Impfdaten
        </Button>
      )}
    </Group>
  );
}
