/**
 * The server's "now": every date and time the server decides or stores comes
 * from here, never from `new Date()` or SQL `now()`, so tests can run the
 * whole server at a chosen moment (23:45, a DST change, New Year's Eve).
 * Production never moves it: config refuses TEST_NOW and TEST_API there.
 */
let offsetMs = 0;

export const nowMs = () => Date.now() + offsetMs;
export const now = () => new Date(nowMs());

/** Lets the clock run on from `at` (tests and the e2e test API only). */
export function setClock(at: Date) {
  offsetMs = at.getTime() - Date.now();
}

export function resetClock() {
  offsetMs = 0;
}
