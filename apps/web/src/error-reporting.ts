import { api } from './api/client';
import { reportClientErrorEndpoint } from './api/entry-endpoints';

/**
 * Browser errors go to the server, which logs them (and forwards them to a
 * Sentry-compatible service when SENTRY_DSN is set there). Never swallowed.
 */
export function reportError(error: unknown) {
  const e = error instanceof Error ? error : new Error(String(error));
  console.error(e);
  void api(reportClientErrorEndpoint, {
    body: {
      message: e.message.slice(0, 2000),
      stack: e.stack?.slice(0, 10000),
      url: window.location.href.slice(0, 2000),
    },
  }).catch(() => {});
}

export function installGlobalErrorReporting() {
  window.addEventListener('error', (ev) => reportError(ev.error ?? ev.message));
  window.addEventListener('unhandledrejection', (ev) => reportError(ev.reason));
}
