import { MSG } from '@tz/shared/messages';

interface SeriesNumbers {
  number_of_new_appointments: number;
  number_of_blocked_slots: number;
}

/**
 * The server answers the saved appointment; a success message is only right
 * when it holds what was sent. Null when it does, else the German text.
 */
export function unappliedSeriesChange(sent: SeriesNumbers, saved: SeriesNumbers): string | null {
  return sent.number_of_new_appointments === saved.number_of_new_appointments &&
    sent.number_of_blocked_slots === saved.number_of_blocked_slots
    ? null
    : MSG.seriesChangeNotApplied;
}
