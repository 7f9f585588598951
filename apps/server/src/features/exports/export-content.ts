import { germanDateTimeFormatter } from '@tz/shared/rules/german-date';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, DbOrTx } from '../../db/client';
import { csvChunks, dropRows, formatInPieces } from '../appointments/appointments.csv';
import { type ExportCellContext, testCsv, vaccinationCsv } from './export-columns';
import * as repo from './exports.repository';

/** Labels and the date formatter of a centre's files. */
export async function cellContext(db: DbOrTx, timeZone: string): Promise<ExportCellContext> {
  const { classes, testTypes } = await repo.labels(db);
  return { classLabels: classes, testTypeLabels: testTypes, formatDateTime: germanDateTimeFormatter(timeZone) };
}

export type ContentQuery = repo.RangeQuery;

const keyOf = (r: { key_start?: string; id: number }): repo.RowKey => ({ start: r.key_start!, id: r.id });

/**
 * The CSV of the tests of a range, chunk by chunk (keyset pages of `batch`
 * rows, memory flat for any length); `onRows` counts what was formatted.
 */
export function testChunks(
  db: DbOrTx,
  q: ContentQuery & { selection: repo.RowSelection },
  ctx: ExportCellContext,
  batch: number,
  onRows: (n: number) => void = () => {},
) {
  return csvChunks<repo.TestExportRow, repo.RowKey>({
    headerLine: testCsv.headerLine(),
    page: (after) => repo.testRowsPage(db, { ...q, after, limit: batch }),
    keyOf,
    batch,
    format: (rows) => {
      onRows(rows.length);
      return testCsv.lines(rows, ctx);
    },
  });
}

/** The CSV of the vaccinations of a range, chunk by chunk. */
export function vaccinationChunks(
  db: DbOrTx,
  q: ContentQuery,
  ctx: ExportCellContext,
  batch: number,
  onRows: (n: number) => void = () => {},
) {
  return csvChunks<repo.VaccinationExportRow, repo.RowKey>({
    headerLine: vaccinationCsv.headerLine(),
    page: (after) => repo.vaccinationRowsPage(db, { ...q, after, limit: batch }),
    keyOf,
    batch,
    format: (rows) => {
      onRows(rows.length);
      return vaccinationCsv.lines(rows, ctx);
    },
  });
}

const dialect = new PgDialect();

/**
 * The CSV of one ordered query, page by page of `batch` rows read through a
 * cursor in a read-only transaction of one PostgreSQL connection: one plan
 * for the whole range instead of one keyset query (planning, index re-entry)
 * per page. The next page is fetched while the current one is formatted; a
 * page's rows are dropped (dropRows) before its text (in pieces) is handed on.
 */
async function* cursorCsv<R>(
  pool: pg.Pool,
  query: SQL,
  batch: number,
  headerLine: string,
  lines: (rows: R[]) => string,
  onRows: (n: number) => void,
): AsyncGenerator<string> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  let finished = false;
  let pending: Promise<pg.QueryResult> | undefined;
  try {
    await client.query('begin transaction read only');
    await client.query(`declare export_rows no scroll cursor for ${text}`, params);
    const fetchPage = () => {
      const p = client.query(`fetch forward ${batch} from export_rows`);
      p.catch(() => {}); // a page given up (stopped export) must not become an unhandled rejection
      return p;
    };
    yield headerLine;
    pending = fetchPage();
    while (pending) {
      const rows = (await pending).rows as R[];
      pending = rows.length === batch ? fetchPage() : undefined;
      onRows(rows.length);
      const pieces = formatInPieces(rows, lines);
      dropRows(rows);
      for (const piece of pieces) if (piece) yield piece;
    }
    finished = true;
  } finally {
    await pending?.catch(() => {});
    await client.query(finished ? 'commit' : 'rollback').catch(() => {});
    client.release();
  }
}

/**
 * The monthly file of a range, chunk by chunk: a vaccination centre's
 * vaccinations, every other centre's tests with a result (the certificates).
 * On PostgreSQL one query through a cursor; on PGlite keyset pages, since a
 * transaction there would hold the whole embedded database (and server) for
 * the length of the export.
 */
export function monthlyChunks(
  source: { db: DbOrTx; database?: Pick<Database, 'kind' | 'raw'> },
  q: ContentQuery,
  vaccination: boolean,
  ctx: ExportCellContext,
  batch: number,
  onRows: (n: number) => void,
): AsyncGenerator<string> {
  if (source.database?.kind !== 'postgres') {
    return vaccination
      ? vaccinationChunks(source.db, q, ctx, batch, onRows)
      : testChunks(source.db, { ...q, selection: 'certificates' }, ctx, batch, onRows);
  }
  const pool = source.database.raw as pg.Pool;
  return vaccination
    ? cursorCsv<repo.VaccinationExportRow>(
        pool,
        repo.vaccinationRowsSql(q),
        batch,
        vaccinationCsv.headerLine(),
        (rows) => vaccinationCsv.lines(rows, ctx),
        onRows,
      )
    : cursorCsv<repo.TestExportRow>(
        pool,
        repo.testRowsSql({ ...q, selection: 'certificates' }),
        batch,
        testCsv.headerLine(),
        (rows) => testCsv.lines(rows, ctx),
        onRows,
      );
}
