import type { AppointmentView } from './appointment-view';

/**
 * The virtualizer's key of a row of the list: the appointment's id, or for a row not loaded yet its
 * place in the list, with the view in the lowest bit (a card's measured height says nothing about its
 * compact line). A number, not a string: the virtualizer reads the key of every row of the list each
 * time a row's height or the loaded rows change (42,000 rows in the 30-day window), and building and
 * hashing a new string for each took more of the main thread than drawing the rows.
 */
export function listRowKey(view: AppointmentView, appointmentId: number | undefined, index: number): number {
  const viewBit = view === 'compact' ? 1 : 0;
  return appointmentId === undefined ? -(2 * index + 1 + viewBit) : 2 * appointmentId + viewBit;
}
