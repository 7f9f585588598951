import http from 'node:http';

/**
 * The bench's client for the calls it compares with their bare SQL: node:http over kept-alive
 * connections. fetch (undici) spent 0.6–1.0 ms more of its own per list page (44 kB answer) in the
 * bench's process, on the same two cores as the server and PostgreSQL: against one server, the same
 * page, in turns, fetch took 3.4–3.9 ms, node:http 2.7–3.0 ms, the bare SQL 1.9–2.4 ms. The ratio is
 * meant to be the server's cost, not the client's (docs/performance.md, stop 36).
 */
const agent = new http.Agent({ keepAlive: true });

export interface Answer {
  ok: boolean;
  status: number;
  text: string;
}

export function request(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers, agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text: Buffer.concat(parts).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
