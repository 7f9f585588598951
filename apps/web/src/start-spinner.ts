import { SPINNER_MIN_MS } from '@tz/shared/constants';

const STARTED = 'tz.started';

/**
 * How long the start spinner still stays once the app has drawn its first screen: the spec's
 * one-second minimum holds only for the app's first start in a tab; after a reload the spinner
 * goes as soon as the screen is there, so it never covers a usable screen or catches its clicks.
 */
export function startSpinnerRemainingMs(elapsedMs: number, firstStart: boolean): number {
  return firstStart ? Math.max(0, SPINNER_MIN_MS - elapsedMs) : 0;
}

const loaded = performance.now();
let hiding = false;

/** Removes the start spinner of index.html once the app has painted (called once the app is mounted). */
export function hideStartSpinner() {
  if (hiding) return;
  hiding = true;
  let firstStart = true;
  try {
    firstStart = sessionStorage.getItem(STARTED) === null;
    sessionStorage.setItem(STARTED, '1');
  } catch {
    // Storage blocked: treat as a first start.
  }
  const wait = startSpinnerRemainingMs(performance.now() - loaded, firstStart);
  requestAnimationFrame(() => setTimeout(() => document.getElementById('start-spinner')?.remove(), wait));
}
