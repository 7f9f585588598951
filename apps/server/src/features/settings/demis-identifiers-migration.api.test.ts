import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client';
import { centres } from '../../db/schema/centres';
import { createCentre } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The data step of the migration that split the one `demis_lab_id` into
 * account name, BSNR and participant number (docs/decisions/008): run on rows
 * as they were before it, the hand-written statements of that migration file.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function handWrittenStatements() {
  const file = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8'))
    .find((text) => text.includes('ADD COLUMN "demis_account_name"'));
  expect(file).toBeDefined();
  const [, handWritten] = file!.split('-- hand-written (keep when regenerating)');
  return handWritten!
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}

describe('migration of the old DEMIS lab id', () => {
  it('keeps the old value as account name, copies a BSNR, keeps only a real participant number', async () => {
    const old = async (demis_lab_id: string | null) =>
      (await createCentre(t.database.db, { demis_lab_id, demis_account_name: null, demis_bsnr: null })).id;
    const ids = {
      bsnr: await old(' 123456789 '),
      participant: await old('10285'),
      other: await old('LAB-MS-01'),
      none: await old(null),
      blank: await old('  '),
    };
    const kept = (await createCentre(t.database.db, { demis_lab_id: '4711', demis_account_name: 'schon-gesetzt' })).id;

    const statements = handWrittenStatements();
    expect(statements).toHaveLength(3);
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));

    const row = async (id: number) => {
      const [r] = await t.database.db
        .select({ account: centres.demis_account_name, bsnr: centres.demis_bsnr, lab: centres.demis_lab_id })
        .from(centres)
        .where(eq(centres.id, id));
      return r;
    };
    expect(await row(ids.bsnr)).toEqual({ account: '123456789', bsnr: '123456789', lab: null });
    expect(await row(ids.participant)).toEqual({ account: '10285', bsnr: null, lab: '10285' });
    expect(await row(ids.other)).toEqual({ account: 'LAB-MS-01', bsnr: null, lab: null });
    expect(await row(ids.none)).toEqual({ account: null, bsnr: null, lab: null });
    expect(await row(ids.blank)).toEqual({ account: null, bsnr: null, lab: null });
    // an account name already set is not overwritten
    expect(await row(kept)).toEqual({ account: 'schon-gesetzt', bsnr: null, lab: null });

    // running it again changes nothing
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));
    expect(await row(ids.bsnr)).toEqual({ account: '123456789', bsnr: '123456789', lab: null });
  });
});
