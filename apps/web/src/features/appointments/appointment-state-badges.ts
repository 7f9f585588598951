import type { Appointment } from '@tz/shared/appointments/appointments.contract';
import { isProcessed, isVaccinated } from '@tz/shared/rules/appointment-display';
import { hasFormWarnings, isCheckedIn, isFilledWithoutWarnings } from '@tz/shared/rules/checked-in';
import { formatDateTime } from '../../ui/format';

const RESULT_BADGES: Record<number, { label: string; color: string }> = {
  1: { label: 'Negativ', color: 'green' },
  2: { label: 'Positiv', color: 'red' },
  4: { label: 'Gesperrt', color: 'gray' },
};

export interface StateBadge {
  label: string;
  /** The word the compact line shows; the full label is its title and is read out. */
  short: string;
  color: string;
  title?: string;
}

/** Badges the compact line shows before folding the rest into '+n' (one line must fit at 1024 px). */
export const COMPACT_BADGES = 2;
/** The same on a tablet held upright (736 px of content): one badge, the rest in '+n'. */
export const UPRIGHT_BADGES = 1;

/**
 * The appointment's state, most urgent first in the compact line: cancelled,
 * the result, the questionnaire, then how it was booked and what happened since.
 */
export function stateBadges(a: Appointment, vaccinationCentre: boolean, compact: boolean): StateBadge[] {
  const result = a.res_detected ? RESULT_BADGES[a.res_detected] : undefined;
  const badges: (StateBadge | false)[] = [
    a.status === 'cancelled'
      ? { label: 'Storniert', short: 'Storniert', color: 'red' }
      : !compact && { label: 'Bestätigt', short: 'Bestätigt', color: 'blue' },
    !vaccinationCentre &&
      !!result && {
        ...result,
        short: result.label,
        title: a.res_date ? `Ergebnis vom ${formatDateTime(a.res_date)}` : undefined,
      },
    hasFormWarnings(a.checked_in) && { label: 'Fragebogen mit Warnungen', short: 'Warnungen', color: 'orange' },
    isFilledWithoutWarnings(a.checked_in) && { label: 'Fragebogen ausgefüllt', short: 'Fragebogen', color: 'teal' },
    a.source === 'customer' && { label: 'Online gebucht', short: 'Online', color: 'cyan' },
    !compact && isCheckedIn(a.checked_in) && { label: 'Eingecheckt', short: 'Eingecheckt', color: 'teal' },
    isVaccinated(a)
      ? { label: 'Geimpft', short: 'Geimpft', color: 'grape' }
      : isProcessed(a) && { label: 'Durchgeführt', short: 'Durchgeführt', color: 'indigo' },
    !vaccinationCentre && a.demis_status === 'success' && { label: 'DEMIS gemeldet', short: 'DEMIS', color: 'dark' },
    !a.service_active && { label: 'Dienstleistung inaktiv', short: 'Inaktiv', color: 'yellow' },
    a.should_block_slot && { label: 'Blockierter Slot', short: 'Blockiert', color: 'gray' },
  ];
  return badges.filter((b): b is StateBadge => !!b);
}

/** The compact line's badges: the first `max` shown (COMPACT_BADGES), the rest folded into one '+n'. */
export function foldForCompactLine(
  badges: StateBadge[],
  max = COMPACT_BADGES,
): { shown: StateBadge[]; rest: StateBadge[] } {
  return { shown: badges.slice(0, max), rest: badges.slice(max) };
}
