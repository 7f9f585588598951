import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { WEEKDAYS } from '@tz/shared/constants';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { germanDate } from '@tz/shared/rules/german-date';
import { stateBadges } from './appointment-state-badges';

/** A day's heading in the list: weekday and date, 'Dienstag, 16.06.2026'. */
export function dayHeading(isoDate: string): string {
  // Noon UTC lies inside the same calendar day everywhere near Europe, so the weekday is the date's own.
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return `${WEEKDAYS[day + 1]}, ${germanDate(isoDate)}`;
}

/**
 * Whether the loaded row `i` is the first of its day among the loaded rows:
 * the first loaded row always is (the rows before it are not known yet).
 */
export const startsDay = (rows: Pick<Appointment, 'date'>[], i: number) =>
  i === 0 || rows[i - 1]?.date !== rows[i]?.date;

/**
 * What a screen reader says for a row of the list: customer, day and time,
 * then its state (status, check-in, result and the other badges), e.g.
 * 'Erika Mustermann, 16.06.2026, 10:40 Uhr, Bestätigt, nicht eingecheckt'.
 */
export function rowLabel(a: Appointment, vaccinationCentre: boolean): string {
  const states = stateBadges(a, vaccinationCentre, false).map((b) => b.label);
  // The badges name a check-in only when there is one; the desk needs to hear the other case too.
  if (!isCheckedIn(a.checked_in)) states.splice(1, 0, 'nicht eingecheckt');
  const name = `${a.customer_firstname} ${a.customer_lastname}`;
  return [name, germanDate(a.date), `${a.time} Uhr`, ...states].join(', ');
}
