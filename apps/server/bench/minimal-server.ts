import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { openPostgres } from '../src/db/client';

/**
 * The floor under the bench's 1.3× goal: a server of nothing but node:http and
 * the server's own PostgreSQL pool (openPostgres: the same driver and
 * connection settings) that answers every request with one statement
 * (BENCH_QUERY: text, values, name as shapedSql sends them) and passes its
 * JSON text on. No routing, guard, validation, log or headers: what any Node
 * server pays per call on this machine. bench/run.ts times it beside the real
 * server on the same statement ('reference' rows). At ANSWER_ONLY_PATH it sends
 * the statement's last answer again without asking the database: the HTTP
 * round trip of those bytes alone, on the machine as the other calls meet it.
 */
const ANSWER_ONLY_PATH = process.env.ANSWER_ONLY_PATH!;
const query = JSON.parse(process.env.BENCH_QUERY!) as { sql: string; params: unknown[]; name: string };
const pool = openPostgres(process.env.DATABASE_URL!).raw as pg.Pool;

/** The statement's last answer, for ANSWER_ONLY_PATH. */
let last: string | undefined;

const server = http.createServer(async (req, res) => {
  for await (const _ of req); // the request's body is read, as by any server
  try {
    if (req.url !== ANSWER_ONLY_PATH || last === undefined) {
      const result = await pool.query({ name: query.name, text: query.sql, values: query.params });
      last = (result.rows[0] as { body: string }).body;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(last);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(String(err));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
