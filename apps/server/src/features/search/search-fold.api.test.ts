import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@tz/shared/constants';
import { FOLD_FROM, FOLD_SEQUENCES, foldForSearch } from '@tz/shared/rules/search-fold';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { customers } from '../../db/schema/customers';
import { centreWithUser, createCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The search's fold is written twice: foldForSearch (TypeScript, the search text and the scanned profile)
 * and search_fold (SQL, the stored folded names). Compared here on the same texts, on the database the
 * run uses (PGlite, or PostgreSQL with TEST_DB_KIND=postgres), so the two cannot drift apart.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NAMES = [
  'Müller',
  'Mueller',
  'MÜLLER',
  'Muller',
  'Groß',
  'GROẞ',
  'Öztürk',
  'Äbi',
  'José Núñez',
  'JOSÉ NÚÑEZ',
  'Łukasz Żółć',
  'François Çelik',
  'Dvořák',
  'Šťastný',
  'Erdős Győző',
  'Søren Ångström',
  'Ærø',
  'Œuvre',
  'Đorđević',
  'Þórdís Guðrún',
  'Ĳssel',
  'İlhan Işık',
  'Ştefan Țurcanu',
  'Nguyễn Thị Ánh',
  'Jose\u0301',
  'Mu\u0308ller',
  'van der Berg',
  "O'Brien-Smith",
  '  Anna\u00a0\tMaria  ',
  'Ελένη ΠΑΠΑΔΟΠΟΥΛΟΣ',
  'Наталья ЁЛКИНА',
  '李小龍',
  'Zoë 🙂',
];

/** Every character of the Latin blocks, Greek and Cyrillic, alone and between two letters. */
function everyCharacter(): string[] {
  const out: string[] = [];
  const ranges = [
    [0x20, 0x24f],
    [0x300, 0x4ff],
    [0x1e00, 0x1eff],
    [0x2000, 0x206f],
  ] as const;
  for (const [from, to] of ranges) {
    for (let code = from; code <= to; code++) {
      const c = String.fromCodePoint(code);
      out.push(c, `a${c}b`);
    }
  }
  return out;
}

/** search_fold of each text, in order. */
async function foldInDatabase(texts: string[]): Promise<string[]> {
  const res = await t.database.db.execute(
    sql`select search_fold(x.n) as f from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb)
      with ordinality x(n, i) order by x.i`,
  );
  return rowsOf<{ f: string }>(res).map((r) => r.f);
}

describe('search_fold (SQL) and foldForSearch (TypeScript)', () => {
  it('fold names alike', async () => {
    const inDatabase = await foldInDatabase(NAMES);
    expect(NAMES.map((n, i) => [n, inDatabase[i]])).toEqual(NAMES.map((n) => [n, foldForSearch(n)]));
    expect(inDatabase.slice(0, 4)).toEqual(['mueller', 'mueller', 'mueller', 'muller']);
    expect(inDatabase[8]).toBe('jose nunez');
    expect(inDatabase[10]).toBe('lukasz zolc');
  });

  it('fold every letter of the rule and every character around it alike', async () => {
    const texts = [...FOLD_FROM, ...FOLD_SEQUENCES.map(([from]) => from), ...everyCharacter()];
    const inDatabase = await foldInDatabase(texts);
    const differing = texts.filter((text, i) => inDatabase[i] !== foldForSearch(text));
    expect(differing.map((text) => [text, foldForSearch(text)])).toEqual([]);
  });

  it('is what the stored folded names of a customer are made of', async () => {
    const { centre } = await centreWithUser(t.app, t.database.db, ROLE.staff);
    const c = await createCustomer(t.database.db, { staff_id: centre.id, first_name: 'José', last_name: 'Núñez' });
    const [row] = await t.database.db
      .select({ first: customers.first_fold, last: customers.last_fold, name: customers.name_fold })
      .from(customers)
      .where(eq(customers.id, c.id));
    expect(row).toEqual({ first: 'jose', last: 'nunez', name: 'jose nunez' });
  });
});

/** The statements of the migration that brought the accent fold (0027), as the migrator runs them. */
function migrationStatements() {
  const file = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_search_fold_accents.sql'));
  expect(file).toBeDefined();
  return readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The fold before it: case, umlauts and ß only (migration 0016). */
const OLD_FOLD = sql.raw(`CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select lower(replace(replace(replace(replace(replace(replace(replace(t, 'Ä', 'ae'), 'ä', 'ae'), 'Ö', 'oe'), 'ö', 'oe'), 'Ü', 'ue'), 'ü', 'ue'), 'ß', 'ss')) $$`);

describe('the migration to the accent fold', () => {
  it('folds the names stored before it again, makes the name parts anew and keeps the indexes', async () => {
    const { centre } = await centreWithUser(t.app, t.database.db, ROLE.staff);
    // Customers as the old fold stored them: back to the old function, and their names written again.
    await t.database.db.execute(OLD_FOLD);
    const jose = await createCustomer(t.database.db, { staff_id: centre.id, first_name: 'José', last_name: 'Núñez' });
    const lukasz = await createCustomer(t.database.db, {
      staff_id: centre.id,
      first_name: 'Łukasz',
      last_name: 'Müller',
    });
    const folds = async (id: number) =>
      (
        await t.database.db
          .select({ first: customers.first_fold, last: customers.last_fold, name: customers.name_fold })
          .from(customers)
          .where(eq(customers.id, id))
      )[0];
    const parts = async () =>
      rowsOf<{ name: string }>(
        await t.database.db.execute(
          sql`select name from customer_name_parts where staff_id = ${centre.id} order by name`,
        ),
      ).map((r) => r.name);
    expect(await folds(jose.id)).toEqual({ first: 'josé', last: 'núñez', name: 'josé núñez' });
    expect(await parts()).toEqual(['josé', 'mueller', 'núñez', 'łukasz']);

    for (const statement of migrationStatements()) await t.database.db.execute(sql.raw(statement));

    expect(await folds(jose.id)).toEqual({ first: 'jose', last: 'nunez', name: 'jose nunez' });
    expect(await folds(lukasz.id)).toEqual({ first: 'lukasz', last: 'mueller', name: 'lukasz mueller' });
    expect(await parts()).toEqual(['jose', 'lukasz', 'mueller', 'nunez']);
    const indexes = rowsOf<{ name: string; valid: boolean }>(
      await t.database.db.execute(sql`select c.relname as name, i.indisvalid and i.indisready as valid
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname in ('customers_staff_last_fold_idx', 'customers_staff_first_fold_idx',
          'customers_name_fold_trgm_idx', 'customer_name_parts_trgm_idx')
        order by c.relname`),
    );
    expect(indexes).toEqual([
      { name: 'customer_name_parts_trgm_idx', valid: true },
      { name: 'customers_name_fold_trgm_idx', valid: true },
      { name: 'customers_staff_first_fold_idx', valid: true },
      { name: 'customers_staff_last_fold_idx', valid: true },
    ]);
    // New customers are folded by the new function, and their parts added by the trigger as before.
    await createCustomer(t.database.db, { staff_id: centre.id, first_name: 'Søren', last_name: 'Ångström' });
    expect(await parts()).toEqual(['angstroem', 'jose', 'lukasz', 'mueller', 'nunez', 'soren']);
  });
});
