import net from 'node:net';
import { OPERATIONS_MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFaultDatabase, type FaultDatabase } from '../reliability/fault-database';
import { client, type ServerProcess, startServerProcess } from '../reliability/server-process';

/**
 * Issue 27: SIGTERM drains the real server process. Readiness says no at once (while DRAIN_DELAY_SECONDS
 * lets load balancers notice), then the listener closes, a request already under way still gets its
 * answer, and the process ends with 0.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let fdb: FaultDatabase;
let server: ServerProcess;
beforeAll(async () => {
  fdb = await createFaultDatabase();
  server = await startServerProcess({ ...fdb.env, TEST_NOW: inject('testNow'), DRAIN_DELAY_SECONDS: '3', WORKER: '1' });
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
  await fdb?.remove();
});

/** A request whose headers have arrived and whose body has not: under way when the signal comes. */
function requestUnderWay(url: string) {
  const { port } = new URL(url);
  const body = JSON.stringify({ email: 'niemand@kunde.example', password: 'falsch-falsch' });
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => {
    answer += c;
  });
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await ended;
      return answer;
    },
  };
}

describe('draining on SIGTERM', () => {
  it(
    'says not ready, closes the listener, answers the request under way, then ends with 0',
    async () => {
      const call = client(server.url);
      expect((await call('GET', '/api/ready')).status).toBe(200);
      const pending = requestUnderWay(server.url);
      await sleep(300);
      process.kill(server.pid, 'SIGTERM');

      let ready = await call('GET', '/api/ready');
      for (let i = 0; ready.status === 200 && i < 50; i++) {
        await sleep(20);
        ready = await call('GET', '/api/ready');
      }
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({ error: 'DRAINING', message: OPERATIONS_MSG.draining });
      // Still alive: liveness answers while it drains.
      expect((await call('GET', '/api/health')).status).toBe(200);

      // After the delay: new connections are refused.
      let refused = false;
      for (let i = 0; !refused && i < 300; i++) {
        refused = await call('GET', '/api/ready').then(
          () => false,
          () => true,
        );
        if (!refused) await sleep(50);
      }
      expect(refused).toBe(true);
      expect(server.alive()).toBe(true);

      const answer = await pending.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      await server.stop();
      expect(server.exitCode()).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
