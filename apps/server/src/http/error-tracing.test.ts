import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createErrorTracer, parseDsn } from './error-tracing';

describe('error tracing', () => {
  it('derives the store endpoint from a DSN', () => {
    expect(parseDsn('https://abc123@sentry.example/42')).toEqual({
      publicKey: 'abc123',
      storeUrl: 'https://sentry.example/api/42/store/',
    });
  });

  it('posts an event with the key to the store endpoint', async () => {
    const got: { headers: http.IncomingHttpHeaders; body: string; url?: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        got.push({ headers: req.headers, body, url: req.url });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const tracer = createErrorTracer(`http://key9@127.0.0.1:${port}/7`, '1.83.0');
    await tracer.capture({ message: 'Kaputt', level: 'error', source: 'browser', url: 'http://x/termine' });
    server.close();
    expect(got).toHaveLength(1);
    expect(got[0]!.url).toBe('/api/7/store/');
    expect(got[0]!.headers['x-sentry-auth']).toContain('sentry_key=key9');
    expect(JSON.parse(got[0]!.body)).toMatchObject({ message: 'Kaputt', level: 'error', release: '1.83.0' });
  });

  it('does nothing without a DSN', async () => {
    await expect(
      createErrorTracer(undefined, '1').capture({ message: 'x', level: 'error', source: 'server' }),
    ).resolves.toBeUndefined();
  });
});
