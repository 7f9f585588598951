import type { Appointment } from '@tz/shared/appointments/appointments.contract';

/**
 * The list's two views: the full cards (the spec's rows, the default) and the
 * compact one line per appointment for a busy desk. The choice is kept per
 * user in this browser, so a colleague on the same machine keeps theirs.
 */
export const APPOINTMENT_VIEWS = ['cards', 'compact'] as const;
export type AppointmentView = (typeof APPOINTMENT_VIEWS)[number];
export const VIEW_LABELS: Record<AppointmentView, string> = { cards: 'Karten', compact: 'Kompakt' };

/** Estimated row heights for the virtual list (measured after rendering). */
export const ROW_ESTIMATE: Record<AppointmentView, number> = { cards: 250, compact: 40 };

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const viewStorageKey = (userId: number) => `tz.appointments.view.${userId}`;

/** The user's stored view; the cards when none is stored, the value is unknown or storage fails. */
export function readView(storage: ViewStorage | undefined, userId: number): AppointmentView {
  try {
    const v = storage?.getItem(viewStorageKey(userId));
    return APPOINTMENT_VIEWS.find((x) => x === v) ?? 'cards';
  } catch {
    return 'cards';
  }
}

/** Remembers the view; a full or blocked storage only loses the memory, never the choice on screen. */
export function writeView(storage: ViewStorage | undefined, userId: number, view: AppointmentView) {
  try {
    storage?.setItem(viewStorageKey(userId), view);
  } catch {
    // private mode or quota: the view still applies until the next visit
  }
}

/** What a key pressed on a focused compact row does. */
export type RowKeyAction =
  | { kind: 'move'; index: number }
  | { kind: 'open' }
  | { kind: 'toggleDetails' }
  | { kind: 'checkIn' }
  | { kind: 'result' };

/** Rows PageUp/PageDown move by. */
export const PAGE_ROWS = 10;

/**
 * The list's keyboard (a focused row, both views): arrows move one row,
 * PageUp/PageDown ten, Home/End to the ends; Enter opens the appointment,
 * Space shows or hides its details and actions (compact view), 'c' toggles
 * its check-in, 'e' opens its result ('Ergebnis'). Null: the key is not ours
 * (modifier keys pass, so browser shortcuts keep working).
 */
export function rowKeyAction(
  e: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean },
  index: number,
  count: number,
): RowKeyAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey || count === 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  const move = (i: number) => ({ kind: 'move', index: clamp(i) }) as const;
  switch (e.key) {
    case 'ArrowDown':
      return move(index + 1);
    case 'ArrowUp':
      return move(index - 1);
    case 'PageDown':
      return move(index + PAGE_ROWS);
    case 'PageUp':
      return move(index - PAGE_ROWS);
    case 'Home':
      return move(0);
    case 'End':
      return move(count - 1);
    case 'Enter':
      return { kind: 'open' };
    case ' ':
      return { kind: 'toggleDetails' };
    case 'c':
    case 'C':
      return { kind: 'checkIn' };
    case 'e':
    case 'E':
      return { kind: 'result' };
    default:
      return null;
  }
}

/** Where the list should open: the first appointment from now, or one just created. */
export type JumpTarget = { kind: 'now'; nowMs: number } | { kind: 'appointment'; appointmentId: number };

/**
 * The index in the whole list to scroll to, or -1 when it is not among the
 * loaded rows (oldest first; `firstOffset` rows before them are not loaded).
 * 'now' is the first appointment starting at or after now; it is not found
 * when every loaded row lies in the past, nor when the first loaded row is
 * already later and earlier rows are not loaded.
 */
export function jumpIndex(
  rows: Pick<Appointment, 'start_date' | 'appointment_id'>[],
  target: JumpTarget,
  firstOffset = 0,
): number {
  const i =
    target.kind === 'appointment'
      ? rows.findIndex((r) => r.appointment_id === target.appointmentId)
      : rows.findIndex((r) => Date.parse(r.start_date) >= target.nowMs);
  if (i < 0 || (target.kind === 'now' && i === 0 && firstOffset > 0)) return -1;
  return firstOffset + i;
}

/**
 * The next step towards a jump target: scroll to it, load another page
 * (it may lie further on), or give up (all rows loaded, or no rows at all):
 * 'now' then shows the last row, since the whole window lies in the past.
 * `listRows` counts the list up to the last loaded row.
 */
export function jumpStep(
  index: number,
  listRows: number,
  hasNextPage: boolean,
  target: JumpTarget,
): { kind: 'scroll'; index: number } | { kind: 'load' } | { kind: 'none' } {
  if (index >= 0) return { kind: 'scroll', index };
  if (hasNextPage) return { kind: 'load' };
  if (target.kind === 'now' && listRows > 0) return { kind: 'scroll', index: listRows - 1 };
  return { kind: 'none' };
}
