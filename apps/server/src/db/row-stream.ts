import { Readable } from 'node:stream';
import pg from 'pg';

/** Bytes gathered before they are handed to the socket: a few rows per write, not one write per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A query's rows as the database sends them, each row's first column (text)
 * written between `open`, `separator` and `close`: an answer that is sent while
 * PostgreSQL still builds its later rows, and never held whole in memory.
 * Resolves once the first row (or the end) has arrived, so a query that fails
 * at once still fails the call with its error; a failure after that ends the
 * stream with it (the connection is cut: the answer's start is already sent).
 */
export async function firstColumnStream(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  text: { open: string; separator: string; close: string },
): Promise<Readable> {
  const client = await pool.connect();
  const out = new Readable({ read() {} });
  let parts: string[] = [];
  let size = 0;
  let rows = 0;
  const flush = () => {
    if (parts.length === 0) return;
    out.push(Buffer.from(parts.join(''), 'utf8'));
    parts = [];
    size = 0;
  };
  await new Promise<void>((resolve, reject) => {
    let started = false;
    const start = () => {
      started = true;
      resolve();
    };
    const running = client.query(new pg.Query({ text: query.sql, values: query.params }));
    running.on('row', (row: Record<string, string>) => {
      const piece = (rows++ === 0 ? text.open : text.separator) + Object.values(row)[0];
      parts.push(piece);
      size += piece.length;
      if (size >= CHUNK_CHARS) flush();
      if (!started) start();
    });
    running.on('error', (err: Error) => {
      client.release(err);
      if (started) out.destroy(err);
      else reject(err);
    });
    running.on('end', () => {
      client.release();
      parts.push(rows === 0 ? text.open + text.close : text.close);
      flush();
      out.push(null);
      if (!started) start();
    });
  });
  return out;
}
