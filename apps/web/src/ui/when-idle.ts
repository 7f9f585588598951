/**
 * Runs `load` once the browser has nothing else to do (at the latest after `timeoutMs`), for code a
 * person is likely to need next. Returns the cancel. A failed load is left to the one who needs it:
 * the route's own loader asks again and shows its error.
 */
export function whenIdle(load: () => Promise<unknown>, timeoutMs = 2000): () => void {
  const run = () => void load().catch(() => {});
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, timeoutMs / 2);
  return () => clearTimeout(id);
}
