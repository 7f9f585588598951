import { ERROR_TRACE_SAMPLE_RATE } from '@tz/shared/constants';

/**
 * Optional Sentry-compatible error reporting without an SDK: events go to the
 * DSN's store endpoint. Without a DSN nothing leaves the machine; errors are
 * still logged by the caller. Traces would be sampled at the spec's 0.05.
 */
export interface ErrorEvent {
  message: string;
  stack?: string;
  level: 'error' | 'warning';
  source: 'server' | 'browser';
  url?: string;
  requestId?: string;
}

export function parseDsn(dsn: string) {
  const u = new URL(dsn);
  const projectId = u.pathname.replace(/^\//, '').split('/').pop();
  if (!u.username || !projectId) throw new Error('SENTRY_DSN ist ungültig');
  const pathPrefix = u.pathname.slice(0, u.pathname.lastIndexOf('/'));
  return {
    publicKey: u.username,
    storeUrl: `${u.protocol}//${u.host}${pathPrefix}/api/${projectId}/store/`,
  };
}

export const TRACES_SAMPLE_RATE = ERROR_TRACE_SAMPLE_RATE;

export function createErrorTracer(dsn: string | undefined, release: string) {
  if (!dsn) return { capture: async (_e: ErrorEvent) => {} };
  const { publicKey, storeUrl } = parseDsn(dsn);
  return {
    async capture(e: ErrorEvent) {
      try {
        await fetch(storeUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${publicKey}, sentry_client=tz-backoffice/${release}`,
          },
          body: JSON.stringify({
            event_id: crypto.randomUUID().replace(/-/g, ''),
            timestamp: Date.now() / 1000,
            platform: e.source === 'browser' ? 'javascript' : 'node',
            level: e.level,
            release,
            message: e.message,
            tags: { source: e.source, request_id: e.requestId },
            request: e.url ? { url: e.url } : undefined,
            extra: { stack: e.stack },
          }),
          signal: AbortSignal.timeout(5000),
        });
      } catch {
        // Reporting must never take the app down; the error itself is already logged.
      }
    },
  };
}
