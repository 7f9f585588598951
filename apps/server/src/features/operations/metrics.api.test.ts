import { ROLE } from '@tz/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../clock';
import { testConfig } from '../../config';
import { centreWithUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from '../mail/mail-outbox';

/** Issue 27: GET /metrics, Prometheus text, off unless METRICS, then only for METRICS_ALLOW or the token. */
const NOW = new Date('2026-06-16T10:20:00+02:00');
const TOKEN = 'metrics-token-0123456789abcdef';

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  setClock(NOW);
  const base = testConfig();
  on = await createTestApp({
    trustProxy: ['127.0.0.1'],
    operations: { ...base.operations, metrics: { enabled: true, allow: ['127.0.0.1', '10.20.0.0/16'], token: TOKEN } },
  });
  off = await createTestApp();
});
afterAll(async () => {
  await on.close();
  await off.close();
});

const scrape = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics', () => {
  it('is not there unless METRICS is set', async () => {
    const res = await scrape(off, '127.0.0.1', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(404);
  });

  it('answers the allowed addresses and networks and the token, nobody else, whatever X-Forwarded-For says', async () => {
    expect((await scrape(on, '127.0.0.1')).statusCode).toBe(200);
    expect((await scrape(on, '10.20.3.4')).statusCode).toBe(200);
    expect((await scrape(on, '::ffff:10.20.3.4')).statusCode).toBe(200);
    expect((await scrape(on, '10.21.0.1')).statusCode).toBe(403);
    expect((await scrape(on, '10.21.0.1', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape(on, '10.21.0.1', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    // Through a trusted proxy the client's address is 127.0.0.1 here; the connection's is what counts.
    expect((await scrape(on, '10.21.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
  });

  it('labels requests by route template, never by URL, and counts failed sign-ins', async () => {
    const secretPath = '/api/public/bookings/geheimes-token-im-pfad-4711';
    expect((await on.app.inject({ method: 'GET', url: secretPath })).statusCode).toBe(404);
    const m = await centreWithUser(on.app, on.database.db, ROLE.staff);
    const wrong = await on.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.user.email, password: 'falsch-falsch' },
    });
    expect(wrong.statusCode).toBe(401);
    await enqueueMail(on.database.db, {
      staff_id: null,
      kind: 'test',
      to: 'wartet@kunde.example',
      subject: 's',
      text: 't',
    });

    const res = await scrape(on, '127.0.0.1');
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/public/bookings/:token",status_code="404"} 1',
    );
    expect(text).not.toContain('geheimes-token');
    expect(text).toMatch(/^tz_login_failures_total 1$/m);
    expect(text).toMatch(/^tz_mail_outbox_pending 1$/m);
    expect(text).toMatch(/^tz_mail_outbox_oldest_pending_seconds \d/m);
    expect(text).toMatch(/^tz_export_queue\{state="queued"\} 0$/m);
    expect(text).toMatch(/^tz_database_up 1$/m);
    expect(text).toMatch(/^tz_ready 1$/m);
    // The process: memory and event-loop lag.
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (on.database.kind === 'postgres') expect(text).toMatch(/^tz_db_pool_connections\{state="waiting"\} 0$/m);
  });
});
