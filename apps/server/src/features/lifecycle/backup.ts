import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../http/app-error';

/**
 * `npm run backup` / `npm run restore`: one logical format for PGlite and
 * PostgreSQL alike — gzip'd lines: a JSON header, then every table of the
 * public schema in batches, each line the table's name as a JSON string, a tab
 * and a JSON array of rows exactly as PostgreSQL's row_to_json wrote them. The
 * rows are never parsed in JavaScript (numbers beyond 2⁵³ and numeric scales
 * stay as written); json_populate_recordset reads them back: dates, bytea, jsonb.
 * Neither pg_dump (a binary of the server's own version) nor PGlite's data-dir
 * tarball restores into the other database; this does, both ways.
 */
export const BACKUP_FORMAT = 'tz-backup';
export const BACKUP_VERSION = 1;
const BATCH = 2000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** How many migrations had run: a backup restores only into a database at the same state. */
  migrations: number;
  tables: string[];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The public schema's tables, parents before children (foreign keys), so inserting in this order never dangles. */
export async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((r) => r.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`),
  );
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const e of edges) if (e.child === t) visit(e.parent, path);
    done.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function migrationCount(db: DbOrTx) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Tables that triggers fill from other tables (see their migrations): no rows in a backup; the restore's
 * inserts into their sources fill them again (and would collide with restored copies).
 */
export const DERIVED_TABLES = new Set(['customer_name_parts']);

/** Writes a consistent snapshot of every table to `file` (written beside it first, renamed when complete). */
export async function writeBackup(db: Db, file: string, at: Date): Promise<{ tables: number; rows: number }> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  let rows = 0;
  const tables = await db.transaction(async (tx) => {
    // One snapshot for every table: rows written meanwhile are either wholly in the backup or not at all.
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const names = await tablesInOrder(tx);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: at.toISOString(),
      migrations: await migrationCount(tx),
      tables: names,
    };
    await write(JSON.stringify(header));
    for (const table of names) {
      if (DERIVED_TABLES.has(table)) continue;
      // Pages by physical position (a TID range scan): no key needed, each page one index-free read.
      let last = '(0,0)';
      for (;;) {
        const page = rowsOf<{ c: string; j: string }>(
          await tx.execute(sql`select t.ctid::text as c, row_to_json(t)::text as j from ${ident(table)} t
            where t.ctid > ${last}::tid order by t.ctid limit ${BATCH}`),
        );
        if (page.length === 0) break;
        await write(`${JSON.stringify(table)}\t[${page.map((r) => r.j).join(',')}]`);
        rows += page.length;
        last = page[page.length - 1]!.c;
      }
    }
    return names.length;
  });
  gzip.end();
  await done;
  await rename(partial, file);
  return { tables, rows };
}

/** The columns an INSERT may set: generated columns are computed, never restored. */
async function insertableColumns(tx: DbOrTx, table: string) {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`select a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = ${table} and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' order by a.attnum`),
  ).map((r) => r.name);
}

/**
 * Replaces every table's rows with the backup's, in one transaction: a backup
 * that does not fit (another migration state, a broken file) leaves the
 * database as it was. Sequences continue after the restored ids.
 */
export async function restoreBackup(db: Db, file: string): Promise<{ tables: number; rows: number }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  // A stream error (a file that is not gzip, or cut off) reaches the line loop through readline, which then
  // throws it. Recorded here too: one that comes after the loop ended on another error had no listener and
  // ended the process, and a loop that ended must never commit the rows read so far when one came.
  let streamError: Error | undefined;
  const record = (err: Error) => {
    streamError ??= err;
  };
  input.on('error', record);
  gunzip.on('error', record);
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('error', record);
  // The iterator now, before anything is awaited: it queues the lines and an error that come while the
  // transaction opens. Made later, it missed an early error (a file that is not gzip) and waited for ever.
  const iterator = lines[Symbol.asyncIterator]();
  let rows = 0;
  try {
    return await restoreLines(
      db,
      { [Symbol.asyncIterator]: () => iterator },
      () => streamError,
      (n) => {
        rows += n;
      },
    ).then((tables) => ({ tables, rows }));
  } finally {
    lines.close();
    input.destroy();
    gunzip.destroy();
  }
}

async function restoreLines(
  db: Db,
  lines: AsyncIterable<string>,
  streamError: () => Error | undefined,
  counted: (rows: number) => void,
): Promise<number> {
  return db.transaction(async (tx) => {
    let header: BackupHeader | undefined;
    const columns = new Map<string, string[]>();
    try {
      for await (const line of lines) {
        if (!line) continue;
        if (!header) {
          header = checkHeader(JSON.parse(line), await migrationCount(tx));
          const present = new Set(await tablesInOrder(tx));
          const unknown = header.tables.filter((t) => !present.has(t));
          if (unknown.length)
            throw AppError.badRequest(`Die Sicherung enthält unbekannte Tabellen: ${unknown.join(', ')}`);
          await tx.execute(sql`truncate table ${sql.join([...present].map(ident), sql`, `)} restart identity cascade`);
          continue;
        }
        const tab = line.indexOf('\t');
        const table = tab > 0 ? (JSON.parse(line.slice(0, tab)) as unknown) : undefined;
        if (typeof table !== 'string' || !header.tables.includes(table)) throw corrupt();
        let cols = columns.get(table);
        if (!cols) {
          cols = await insertableColumns(tx, table);
          columns.set(table, cols);
        }
        const list = sql.join(cols.map(ident), sql`, `);
        const [inserted] = rowsOf<{ n: number }>(
          await tx.execute(sql`with ins as (insert into ${ident(table)} (${list}) overriding system value
            select ${list} from json_populate_recordset(null::${ident(table)}, ${line.slice(tab + 1)}::json) returning 1)
            select count(*)::int as n from ins`),
        );
        counted(Number(inserted?.n ?? 0));
      }
      const broken = streamError();
      if (broken) throw broken;
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Not JSON, not gzip, or rows the database cannot read as the table's (22P02 and friends: class 22).
      // Drizzle wraps the driver's error (its code) as the cause.
      const e = err as { code?: string; cause?: { code?: string } };
      const code = String(e.code ?? e.cause?.code ?? '');
      if (err instanceof SyntaxError || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code.startsWith('22'))
        throw corrupt();
      throw err;
    }
    if (!header) throw AppError.badRequest('Die Sicherungsdatei ist leer.');
    await resetSequences(tx);
    return header.tables.length;
  });
}

const corrupt = () => AppError.badRequest('Die Sicherungsdatei ist beschädigt.');

function checkHeader(entry: unknown, migrations: number): BackupHeader {
  const h = entry as Partial<BackupHeader>;
  if (h.format !== BACKUP_FORMAT || h.version !== BACKUP_VERSION || !Array.isArray(h.tables))
    throw AppError.badRequest('Diese Datei ist keine Sicherung dieses Programms.');
  if (h.migrations !== migrations)
    throw AppError.badRequest(
      `Die Sicherung gehört zu einem anderen Datenbankstand (${h.migrations} Migrationen, diese Datenbank: ${migrations}). Bitte mit der Programmversion der Sicherung wiederherstellen.`,
    );
  return h as BackupHeader;
}

/** Every serial or identity column's sequence continues after the largest restored value. */
async function resetSequences(tx: DbOrTx) {
  const owned = rowsOf<{ tbl: string; col: string; seq: string }>(
    await tx.execute(sql`select c.relname as tbl, a.attname as col, s.oid::regclass::text as seq
      from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class c on c.oid = d.refobjid join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and d.deptype in ('a', 'i')`),
  );
  for (const o of owned) {
    await tx.execute(
      sql`select setval(${o.seq}::regclass, coalesce((select max(${ident(o.col)}) from ${ident(o.tbl)}), 0) + 1, false)`,
    );
  }
}

/** Every table's row count and an order-independent checksum of its rows: a restore must reproduce both. */
export async function tableChecksums(db: DbOrTx): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const table of (await tablesInOrder(db)).sort()) {
    const [r] = rowsOf<{ n: number; md5: string | null }>(
      await db.execute(sql`select count(*)::int as n, md5(coalesce(string_agg(x, E'\n' order by x), '')) as md5
        from (select t::text as x from ${ident(table)} t) s`),
    );
    out[table] = { rows: Number(r?.n ?? 0), md5: r?.md5 ?? '' };
  }
  return out;
}
