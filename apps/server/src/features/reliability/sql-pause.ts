import { writeSync } from 'node:fs';
import type { Logger } from 'drizzle-orm/logger';

/** What the fault suite waits for on the server's stderr before it kills the process. */
export const SQL_PAUSE_MARKER = 'TEST_PAUSE_SQL reached';
/** A forgotten pause ends on its own rather than hanging a test run for ever. */
const PAUSE_MS = 120_000;

/** Parameters as JSON for matching; a value JSON cannot write (a bigint) leaves them out. */
function paramsText(params: unknown[]) {
  try {
    return JSON.stringify(params);
  } catch {
    return '';
  }
}

/**
 * Tests only (config refuses TEST_PAUSE_SQL in production; it is read from the
 * environment at start, nothing over HTTP reaches it): a Drizzle logger that
 * freezes the whole process before the nth statement matching `pattern`
 * (its text plus its parameters as JSON). The statements before it have run,
 * inside their transaction where there is one, so a SIGKILL then lands at a
 * known point in the middle of the work instead of wherever timing puts it.
 */
export function sqlPauseLogger(pattern: RegExp, nth: number): Logger {
  let seen = 0;
  return {
    logQuery(query, params) {
      if (seen >= nth || !pattern.test(`${query} ${paramsText(params)}`)) return;
      seen += 1;
      if (seen < nth) return;
      writeSync(2, `${SQL_PAUSE_MARKER}\n`);
      // Blocks the event loop itself: no timer, no socket and no other request moves until the kill.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, PAUSE_MS);
    },
  };
}
