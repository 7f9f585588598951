import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate } from '@tz/shared/rules/german-date';
import { CheckInInput, dotColour, MANTINE_BUTTON, ResultButton, type RowContext } from './appointment-row';
import classes from './appointment-row.module.css';
import { foldForCompactLine, stateBadges, UPRIGHT_BADGES } from './appointment-state-badges';
import type { useCheckIn } from './use-appointments';

/**
 * One appointment on one line (40 px): time, number, name, birthday,
 * service, state, then check-in and result. Everything else (cancel, address,
 * contact, classification, receipt, DEMIS, questionnaire, groups, edit) is in
 * the full card shown on expand. The line's controls are out of the tab
 * order: the row itself is the keyboard's stop ('c' checks in, 'e' opens the
 * result, Space the details). Plain elements, not Mantine's components: see
 * appointment-row.module.css.
 */
export function CompactLine({
  a,
  ctx,
  checkIn,
  upright,
  expanded,
  detailsId,
  onToggle,
}: {
  a: Appointment;
  ctx: RowContext;
  /** The row's check-in (its 'c' key uses the same). */
  checkIn: ReturnType<typeof useCheckIn>;
  /**
   * A tablet held upright (736 px of content): one badge before '+n' and a short result button keep the
   * line on the screen (decision 019); the folded words stay in the titles and the accessible names.
   */
  upright: boolean;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  const name = `${a.customer_firstname} ${a.customer_lastname}`;
  const number = displayCustomerAppointmentId(a.customer_appointment_id);
  return (
    <div className={classes.line}>
      <button
        type="button"
        className={`${MANTINE_BUTTON} ${classes.toggle}`}
        tabIndex={-1}
        aria-label={`Details und weitere Aktionen zu ${name}`}
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        onClick={onToggle}
      >
        <span aria-hidden>{expanded ? '▾' : '▸'}</span>
      </button>
      {upright ? (
        // Upright, the number goes under the time: the line keeps its height and the row fits left of the add button.
        <span className={classes.timeAndNumber}>
          <span>{a.time}</span>
          <span>{number}</span>
        </span>
      ) : (
        <>
          <span className={classes.time}>{a.time}</span>
          <span className={classes.number}>{number}</span>
        </>
      )}
      <span
        className={`${classes.name} ${classes.truncate}`}
        title={name}
        data-cancelled={a.status === 'cancelled' || undefined}
      >
        {name}
      </span>
      <span className={classes.birthday}>{a.customer_birthday ? germanDate(a.customer_birthday) : ''}</span>
      <span className={`${classes.service} ${classes.truncate}`} title={a.service_title}>
        {a.service_title}
      </span>
      <LineBadges a={a} vaccinationCentre={ctx.options.centre_type === VACCINATION_CENTRE_TYPE} upright={upright} />
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of the line's actions, not a form's fieldset */}
      <div className={classes.actions} role="group" aria-label={`Aktionen für ${name}`}>
        <CheckInInput a={a} checkIn={checkIn} tabIndex={-1} />
        <ResultButton a={a} ctx={ctx} tabIndex={-1} short={upright} />
      </div>
    </div>
  );
}

/**
 * The state as small badges on one line, without 'Bestätigt' (the usual case) and 'Eingecheckt'
 * (its switch shows it), short words, and at most two (one upright) before a '+n' that names the rest.
 */
function LineBadges({
  a,
  vaccinationCentre,
  upright,
}: {
  a: Appointment;
  vaccinationCentre: boolean;
  upright: boolean;
}) {
  const { shown, rest } = foldForCompactLine(
    stateBadges(a, vaccinationCentre, true),
    upright ? UPRIGHT_BADGES : undefined,
  );
  return (
    <span className={classes.badges}>
      {shown.map((b) => (
        <span
          key={b.label}
          className={`${classes.badge} ${classes.dot}`}
          title={b.title ?? b.label}
          style={dotColour(b.color)}
        >
          {b.short}
          {b.short !== b.label && <span className={classes.hidden}> ({b.label})</span>}
        </span>
      ))}
      {rest.length > 0 && (
        <span className={`${classes.badge} ${classes.more}`} title={rest.map((b) => b.label).join(', ')}>
          +{rest.length}
          <span className={classes.hidden}> weitere: {rest.map((b) => b.label).join(', ')}</span>
        </span>
      )}
    </span>
  );
}
