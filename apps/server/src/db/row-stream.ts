import { Readable } from 'node:stream';
import pg from 'pg';

/** Bytes gathered before they are handed to the socket: a few rows per write, not one write per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A JSON array of a query's rows, each row's column `json` (one JSON text per
 * row), sent as the database sends the rows: an answer that goes out while
 * PostgreSQL still builds its later rows, and is never held whole in memory.
 * Resolves once the first row (or the end) has arrived, so a query that fails
 * at once still fails the call with its error; a failure after that ends the
 * stream with it (the connection is cut: the answer's start is already sent).
 */
export async function jsonArrayStream(
  pool: pg.Pool,
  query: { sql: string; params: unknown[]; name?: string },
): Promise<Readable> {
  const client = await pool.connect();
  const out = new Readable({ read() {} });
  let parts: string[] = [];
  let size = 0;
  let rows = 0;
  const flush = () => {
    out.push(Buffer.from(parts.join(''), 'utf8'));
    parts = [];
    size = 0;
  };
  await new Promise<void>((resolve, reject) => {
    let started = false;
    const running = client.query(new pg.Query({ name: query.name, text: query.sql, values: query.params }));
    running.on('row', (row: { json: string }) => {
      const piece = (rows++ === 0 ? '[' : ',') + row.json;
      parts.push(piece);
      size += piece.length;
      if (size >= CHUNK_CHARS) flush();
      if (!started) {
        started = true;
        resolve();
      }
    });
    running.on('error', (err: Error) => {
      client.release(err);
      if (started) out.destroy(err);
      else reject(err);
    });
    running.on('end', () => {
      client.release();
      parts.push(rows === 0 ? '[]' : ']');
      flush();
      out.push(null);
      resolve();
    });
  });
  return out;
}
