import { Button, Text } from '@mantine/core';
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
import { type CSSProperties, memo } from 'react';
import { Link } from 'react-router';
import { to } from '../../routes';
import { deferred, type StandInProps } from '../../ui/deferred';
import { showErrorDialog } from '../../ui/error-dialog';
import { formatEuro } from '../../ui/format';
import classes from './appointment-row.module.css';
import { AppointmentRowExtraActions } from './appointment-row-extra-actions';
import { stateBadges } from './appointment-state-badges';
import { ClassificationField } from './classification-field';
import { LockedResultButton, type LockedResultButtonProps } from './locked-result-button';
import { resultAccess } from './result-access';
import { preloadResultDialog } from './result-dialog-lazy';
import { useCheckIn, useSetStatus } from './use-appointments';

/** Mantine's classes for a focus ring on keyboard focus only and the press effect of its buttons. */
export const MANTINE_BUTTON = 'mantine-focus-auto mantine-active';

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
  const cancelled = a.status === 'cancelled' || undefined;
  return (
    <div className={classes.card} data-cancelled={cancelled}>
      <div className={classes.cardHead}>
        <span className={classes.cardTime}>{a.time}</span>
        <span className={classes.small}>{germanDate(a.date)}</span>
        <span className={`${classes.small} ${classes.dimmed}`}>
          Nr. {displayCustomerAppointmentId(a.customer_appointment_id)}
        </span>
        <span className={classes.cardName} data-cancelled={cancelled}>
          {name}
        </span>
        {a.customer_birthday && <span className={classes.small}>geb. {germanDate(a.customer_birthday)}</span>}
        <StatusBadges a={a} vaccinationCentre={vaccinationCentre} />
      </div>
      <p className={`${classes.small} ${classes.dimmed}`}>
        {[
          [a.customer_street, [a.customer_postcode, a.customer_city].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', '),
          a.customer_phone,
          a.customer_email,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className={classes.small}>
        {a.service_title} · {formatEuro(a.price)}
        {a.notes ? ` · ${a.notes}` : ''}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of the card's actions, not a form's fieldset */}
      <div className={classes.cardActions} role="group" aria-label={`Aktionen für ${name}`}>
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
      </div>
    </div>
  );
});

/** The appointment's state as badges (the compact line folds them: appointment-compact-row.tsx). */
export function StatusBadges({ a, vaccinationCentre }: { a: Appointment; vaccinationCentre: boolean }) {
  return (
    <span className={classes.badges} data-wrap>
      {stateBadges(a, vaccinationCentre, false).map((b) => (
        <span
          key={b.label}
          className={`${classes.badge} ${classes.dot}`}
          data-size="md"
          title={b.title}
          style={dotColour(b.color)}
        >
          {b.label}
        </span>
      ))}
    </span>
  );
}

/** A state badge's dot in its theme colour. */
export const dotColour = (color: string) => ({ '--dot': `var(--mantine-color-${color}-filled)` }) as CSSProperties;

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
 * Mustermann'), so a list of them reads apart; the card shows the word beside it.
 */
export function CheckInSwitch({ a, staffId }: { a: Appointment; staffId: number }) {
  const checkIn = useCheckIn(staffId);
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: CheckInInput is the input inside the label
    <label className={classes.switchLabel}>
      <CheckInInput a={a} checkIn={checkIn} />
      Eingecheckt
    </label>
  );
}

/** The switch itself: a native checkbox drawn as Mantine's Switch (the compact line uses it without the word). */
export function CheckInInput({
  a,
  checkIn,
  tabIndex,
}: {
  a: Appointment;
  checkIn: ReturnType<typeof useCheckIn>;
  tabIndex?: number;
}) {
  const checked = isCheckedIn(a.checked_in);
  return (
    <input
      type="checkbox"
      role="switch"
      className={classes.switch}
      aria-label={`Eingecheckt: ${a.customer_firstname} ${a.customer_lastname}`}
      tabIndex={tabIndex}
      checked={checked}
      aria-checked={checked}
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
  // Drawn as Mantine's light xs Button in plain elements (appointment-row.module.css): every row has one.
  return (
    <button
      type="button"
      className={`${MANTINE_BUTTON} ${classes.button}`}
      tabIndex={tabIndex}
      onClick={() => ctx.onEnterResult(a)}
      onPointerEnter={preloadResultDialog}
      onFocus={preloadResultDialog}
      aria-label={short ? label : undefined}
      title={short ? label : undefined}
    >
      {short ? 'Ergebnis' : label}
    </button>
  );
}
