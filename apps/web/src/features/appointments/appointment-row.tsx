import { Badge, Button, Group, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type {
  Appointment,
  AppointmentOptions,
  PaymentClassification,
} from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { germanDate } from '@tz/shared/rules/german-date';
import { memo } from 'react';
import { Link } from 'react-router';
import { to } from '../../routes';
import { deferred, type StandInProps } from '../../ui/deferred';
import { showErrorDialog } from '../../ui/error-dialog';
import { formatEuro } from '../../ui/format';
import { AppointmentRowExtraActions } from './appointment-row-extra-actions';
import { foldForCompactLine, stateBadges } from './appointment-state-badges';
import { ClassificationField } from './classification-field';
import { LockedResultButton, type LockedResultButtonProps } from './locked-result-button';
import { resultAccess } from './result-access';
import { preloadResultDialog } from './result-dialog-lazy';
import { useCheckIn, useSetStatus } from './use-appointments';

export interface RowContext {
  staffId: number;
  options: AppointmentOptions;
  classifications: PaymentClassification[];
  onEnterResult: (a: Appointment) => void;
}

/**
 * One appointment: customer and appointment data, then the row's actions.
 * Memoised: while scrolling, the virtual list re-renders on every frame, and
 * only the rows coming into view need rendering, not the ~17 already shown
 * (each with its selects, switch and tooltips).
 */
export const AppointmentRow = memo(function AppointmentRow({ a, ctx }: { a: Appointment; ctx: RowContext }) {
  const vaccinationCentre = ctx.options.centre_type === VACCINATION_CENTRE_TYPE;
  const name = `${a.customer_firstname} ${a.customer_lastname}`;
  const cancelled = a.status === 'cancelled';
  return (
    <Paper withBorder p="sm" radius="md" bg={cancelled ? 'gray.1' : undefined}>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap">
          <Text fw={700}>{a.time}</Text>
          <Text size="sm">{germanDate(a.date)}</Text>
          <Text size="sm" c="dimmed">
            Nr. {displayCustomerAppointmentId(a.customer_appointment_id)}
          </Text>
          <Text fw={600} td={cancelled ? 'line-through' : undefined}>
            {name}
          </Text>
          {a.customer_birthday && <Text size="sm">geb. {germanDate(a.customer_birthday)}</Text>}
          <StatusBadges a={a} vaccinationCentre={vaccinationCentre} />
        </Group>
        <Text size="sm" c="dimmed">
          {[
            [a.customer_street, [a.customer_postcode, a.customer_city].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', '),
            a.customer_phone,
            a.customer_email,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm">
          {a.service_title} · {formatEuro(a.price)}
          {a.notes ? ` · ${a.notes}` : ''}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={`Aktionen für ${name}`}>
          <StatusToggle a={a} staffId={ctx.staffId} name={name} />
          <CheckInSwitch a={a} staffId={ctx.staffId} />
          {!vaccinationCentre && (
            <ClassificationField staffId={ctx.staffId} appointment={a} classifications={ctx.classifications} />
          )}
          {!vaccinationCentre && <ResultButton a={a} ctx={ctx} />}
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={to('appointmentEdit', { appointment_id: a.appointment_id, customer_id: a.customer_id })}
          >
            Bearbeiten
          </Button>
          <AppointmentRowExtraActions appointment={a} centreType={ctx.options.centre_type} />
        </Group>
      </Stack>
    </Paper>
  );
});

/**
 * The appointment's state as badges. `compact` (the one-line view): small, on
 * one line, without 'Bestätigt' (the usual case) and 'Eingecheckt' (its switch
 * shows it), short words, and at most two before a '+n' that names the rest:
 * a line of up to ten long badges pushed the page sideways at 1024 and 1280 px.
 */
export function StatusBadges({
  a,
  vaccinationCentre,
  compact = false,
  maxShown,
}: {
  a: Appointment;
  vaccinationCentre: boolean;
  compact?: boolean;
  /** Compact line: how many badges before '+n' (default COMPACT_BADGES; one on a tablet upright). */
  maxShown?: number;
}) {
  const badges = stateBadges(a, vaccinationCentre, compact);
  if (!compact) {
    return (
      <Group gap={4} wrap="wrap">
        {badges.map((b) => (
          <Badge key={b.label} color={b.color} variant="dot" title={b.title}>
            {b.label}
          </Badge>
        ))}
      </Group>
    );
  }
  const { shown, rest } = foldForCompactLine(badges, maxShown);
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {shown.map((b) => (
        <Badge key={b.label} size="sm" color={b.color} variant="dot" title={b.title ?? b.label}>
          {b.short}
          {b.short !== b.label && <VisuallyHidden> ({b.label})</VisuallyHidden>}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Badge size="sm" color="gray" variant="light" title={rest.map((b) => b.label).join(', ')}>
          +{rest.length}
          <VisuallyHidden> weitere: {rest.map((b) => b.label).join(', ')}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}

/**
 * The status control: a labelled "Stornieren" / "Wieder bestätigen" (a red "✕"
 * read as "delete"), the spec's yes/no confirmation, then approved ↔ cancelled.
 */
export function StatusToggle({ a, staffId, name }: { a: Appointment; staffId: number; name: string }) {
  const setStatus = useSetStatus(staffId);
  const cancel = a.status === 'approved';
  const label = cancel ? `Termin von ${name} stornieren` : `Termin von ${name} wieder bestätigen`;
  const ask = () =>
    modals.openConfirmModal({
      title: cancel ? 'Termin stornieren?' : 'Termin wieder bestätigen?',
      children: (
        <Text size="sm">
          {cancel ? 'Soll der Termin' : 'Soll der stornierte Termin'} von {name} am {germanDate(a.date)} um {a.time}{' '}
          {cancel ? 'wirklich storniert werden?' : 'wieder bestätigt werden?'}
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: () =>
        setStatus.mutate(
          { a, status: cancel ? 'cancelled' : 'approved' },
          { onError: (e) => showErrorDialog(e, MSG.errorTitle) },
        ),
    });
  return (
    <Button
      size="xs"
      variant="default"
      // The darkest shades: readable on the white button also in a cancelled (grey) row.
      c={cancel ? 'red.9' : 'teal.9'}
      aria-label={label}
      onClick={ask}
      loading={setStatus.isPending}
    >
      {cancel ? 'Stornieren' : 'Wieder bestätigen'}
    </Button>
  );
}

/**
 * The check-in switch, named with the customer ('Eingecheckt: Erika
 * Mustermann'), so a list of them reads apart. In the compact line the label
 * is not shown and the switch is out of the tab order (the row's 'c').
 */
export function CheckInSwitch({
  a,
  staffId,
  hideLabel,
  tabIndex,
}: {
  a: Appointment;
  staffId: number;
  hideLabel?: boolean;
  tabIndex?: number;
}) {
  const checkIn = useCheckIn(staffId);
  return (
    <Switch
      label={hideLabel ? undefined : 'Eingecheckt'}
      aria-label={`Eingecheckt: ${a.customer_firstname} ${a.customer_lastname}`}
      tabIndex={tabIndex}
      checked={isCheckedIn(a.checked_in)}
      disabled={checkIn.isPending}
      onChange={(e) =>
        checkIn.mutate({ a, value: e.currentTarget.checked ? 1 : 0 }, { onError: (err) => showErrorDialog(err) })
      }
    />
  );
}

/** The locked result button; its tooltip (floating-ui) loads when it is first pointed at. */
const LockedResult = deferred(
  () => import('./locked-result-tooltip').then((m) => m.LockedResultTooltip),
  ({ reach, preload: _, ...props }: LockedResultButtonProps & StandInProps) => (
    <LockedResultButton {...props} onPointerEnter={() => reach('open')} onPointerLeave={() => reach('focus')} />
  ),
);

export function ResultButton({
  a,
  ctx,
  tabIndex,
  short = false,
}: {
  a: Appointment;
  ctx: RowContext;
  tabIndex?: number;
  /** The compact line on a tablet upright: the button reads 'Ergebnis'; its full words are its name and title. */
  short?: boolean;
}) {
  const access = resultAccess(a, ctx.options);
  if (access === 'none') return null;
  if (access === 'noLab') {
    return (
      <Button size="xs" variant="default" disabled>
        {MSG.noPcrLab}
      </Button>
    );
  }
  if (access === 'locked') return <LockedResult tabIndex={tabIndex} short={short} />;
  const label = a.res_detected ? 'Ergebnis ändern' : 'Ergebnis eintragen';
  return (
    <Button
      size="xs"
      variant="light"
      tabIndex={tabIndex}
      onClick={() => ctx.onEnterResult(a)}
      onPointerEnter={preloadResultDialog}
      onFocus={preloadResultDialog}
      aria-label={short ? label : undefined}
      title={short ? label : undefined}
    >
      {short ? 'Ergebnis' : label}
    </Button>
  );
}
