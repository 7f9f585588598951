import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../clock';
import { appointments } from '../../db/schema/appointments';
import { customerNameParts, customers } from '../../db/schema/customers';
import { oegdForms } from '../../db/schema/oegd';
import { auditLog } from '../../db/schema/platform';
import { seedDemoIfEmpty } from '../../demo/seed';
import { AppError } from '../../http/app-error';
import { createAppointment, createCentre, createCustomer, createService } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeAudit } from '../audit/audit.repository';
import { DERIVED_TABLES, restoreBackup, tableChecksums, writeBackup } from './backup';
import { ANONYMISED, runRetention } from './retention';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.database.db);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tz-backup-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).message;
};

describe('backup and restore', () => {
  it('restores every table to the same row count and checksum, and the ids continue after the restored ones', async () => {
    const before = await tableChecksums(t.database.db);
    expect(before.customers!.rows).toBeGreaterThan(0);
    expect(before.appointments!.rows).toBeGreaterThan(0);
    const file = path.join(dir, 'round-trip.jsonl.gz');
    const written = await writeBackup(t.database.db, file, now());
    // Every row but those of the derived tables, which the restore's triggers fill again.
    expect(before.customer_name_parts!.rows).toBeGreaterThan(0);
    const rowsToWrite = Object.entries(before).filter(([table]) => !DERIVED_TABLES.has(table));
    expect(written.rows).toBe(rowsToWrite.reduce((n, [, x]) => n + x.rows, 0));

    // Changes after the backup: a new customer, every customer changed, another audit row.
    const centre = await createCentre(t.database.db);
    await createCustomer(t.database.db, { staff_id: centre.id });
    await t.database.db.update(customers).set({ city: 'Anderswo' });
    await writeAudit(t.database.db, {
      staff_id: centre.id,
      user_id: null,
      entity: 'centre',
      entity_id: centre.id,
      action: 'create',
    });
    expect(await tableChecksums(t.database.db)).not.toEqual(before);

    const restored = await restoreBackup(t.database.db, file);
    expect(restored.rows).toBe(written.rows);
    expect(await tableChecksums(t.database.db)).toEqual(before);
    const maxId = Math.max(...(await t.database.db.select({ id: customers.id }).from(customers)).map((c) => c.id));
    const c2 = await createCentre(t.database.db);
    const next = await createCustomer(t.database.db, { staff_id: c2.id });
    expect(next.id).toBeGreaterThan(maxId);
  });

  it('refuses a backup of another migration state, a foreign file and a damaged one, and changes nothing', async () => {
    const file = path.join(dir, 'base.jsonl.gz');
    await writeBackup(t.database.db, file, now());
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: number };
    const before = await tableChecksums(t.database.db);

    const newer = path.join(dir, 'newer.jsonl.gz');
    writeFileSync(
      newer,
      gzipSync([JSON.stringify({ ...header, migrations: header.migrations + 1 }), ...lines.slice(1)].join('\n')),
    );
    expect(await refusal(restoreBackup(t.database.db, newer))).toMatch(/anderen Datenbankstand/);

    const foreign = path.join(dir, 'foreign.jsonl.gz');
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    expect(await refusal(restoreBackup(t.database.db, foreign))).toMatch(/keine Sicherung/);

    // A damaged row in the middle: the tables already replaced roll back with the rest.
    const damaged = path.join(dir, 'damaged.jsonl.gz');
    const at = lines.findIndex((l) => l.startsWith('"customers"\t'));
    const broken = [...lines];
    broken[at] = `"customers"\t[{"id":"keine Zahl"}]`;
    writeFileSync(damaged, gzipSync(broken.join('\n')));
    expect(await refusal(restoreBackup(t.database.db, damaged))).toMatch(/beschädigt/);

    // Cut off in the middle (a full disk, an interrupted copy): the rows read before the cut are not kept.
    const cut = path.join(dir, 'cut.jsonl.gz');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(await refusal(restoreBackup(t.database.db, cut))).toMatch(/beschädigt/);

    const notGzip = path.join(dir, 'plain.txt');
    writeFileSync(notGzip, 'nur Text');
    expect(await refusal(restoreBackup(t.database.db, notGzip))).toMatch(/beschädigt|keine Sicherung/);

    expect(await tableChecksums(t.database.db)).toEqual(before);
  });
  it('refuses a file that is not gzip while the database is still opening the transaction', async () => {
    // The error comes at once, the transaction a moment later (a busy server): it must not be missed.
    const slow = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          await new Promise((r) => setTimeout(r, 300));
          return target.transaction(...args);
        };
      },
    });
    const notGzip = path.join(dir, 'plain-slow.txt');
    writeFileSync(notGzip, 'nur Text');
    expect(await refusal(restoreBackup(slow, notGzip))).toMatch(/beschädigt|keine Sicherung/);
  });
});

describe('retention', () => {
  it('keeps everything until the day has passed, reports in a dry run, then anonymises only customers without a later appointment', async () => {
    const centre = await createCentre(t.database.db);
    const service = await createService(t.database.db, { staff_id: centre.id });
    const old = await createCustomer(t.database.db, {
      staff_id: centre.id,
      first_name: 'Alt',
      last_name: 'Kundin',
      email: 'alt@example.org',
      phone: '0301234',
      street: 'Weg 1',
      city: 'Berlin',
      passport: 'C01X00T47',
    });
    const oldVisit = await createAppointment(t.database.db, {
      staff_id: centre.id,
      customer_id: old.id,
      service_id: service.id,
      start_date: new Date('2028-12-31T18:00:00+01:00'),
      notes: 'hustet',
    });
    await t.database.db.insert(oegdForms).values({ appointment_id: oldVisit.id, staff_id: centre.id });
    await writeAudit(t.database.db, {
      staff_id: centre.id,
      user_id: null,
      entity: 'customer',
      entity_id: old.id,
      action: 'institutions_replace',
      before: { last_name: 'Kundin' },
      after: { last_name: 'Kundin-Neu' },
    });
    const kept = await createCustomer(t.database.db, { staff_id: centre.id, first_name: 'Neu', last_name: 'Kunde' });
    await createAppointment(t.database.db, {
      staff_id: centre.id,
      customer_id: kept.id,
      service_id: service.id,
      start_date: new Date('2027-05-01T10:00:00+02:00'),
      notes: 'früher',
    });
    // Its later appointment (after the retention's last day, Berlin time) keeps the customer whole.
    await createAppointment(t.database.db, {
      staff_id: centre.id,
      customer_id: kept.id,
      service_id: service.id,
      start_date: new Date('2029-01-01T00:30:00+01:00'),
    });
    const until = '2028-12-31';

    const early = await runRetention(t.database.db, { until, today: '2028-12-31', dryRun: false });
    expect(early.due).toBe(false);
    expect(early.customers).toBeGreaterThanOrEqual(1);
    const dry = await runRetention(t.database.db, { until, today: '2029-01-01', dryRun: true });
    expect(dry).toMatchObject({ due: true, dryRun: true });
    expect(dry.customers).toBe(early.customers);
    const [unchanged] = await t.database.db.select().from(customers).where(eq(customers.id, old.id));
    expect(unchanged!.last_name).toBe('Kundin');

    const done = await runRetention(t.database.db, { until, today: '2029-01-01', dryRun: false });
    expect(done.customers).toBe(dry.customers);
    expect(done.oegdForms).toBeGreaterThanOrEqual(1);
    const [gone] = await t.database.db.select().from(customers).where(eq(customers.id, old.id));
    expect(gone).toMatchObject({
      first_name: '',
      last_name: ANONYMISED,
      birthday: null,
      email: null,
      phone: null,
      street: null,
      city: null,
      passport: null,
    });
    const [visit] = await t.database.db.select().from(appointments).where(eq(appointments.id, oldVisit.id));
    expect(visit!.notes).toBeNull();
    expect(await t.database.db.select().from(oegdForms).where(eq(oegdForms.appointment_id, oldVisit.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(old.id)));
    expect(audit).toMatchObject({ action: 'institutions_replace', before: null, after: null });

    // The search's name parts: the anonymised names are gone, the kept customer's stay.
    const parts = await t.database.db
      .select({ name: customerNameParts.name })
      .from(customerNameParts)
      .where(eq(customerNameParts.staff_id, centre.id));
    expect(parts.map((p) => p.name).sort()).toEqual(['anonymisiert', 'kunde', 'neu']);

    const [whole] = await t.database.db.select().from(customers).where(eq(customers.id, kept.id));
    expect(whole).toMatchObject({ first_name: 'Neu', last_name: 'Kunde' });
    const keptVisits = await t.database.db.select().from(appointments).where(eq(appointments.customer_id, kept.id));
    expect(keptVisits.map((a) => a.notes)).toContain('früher');

    const again = await runRetention(t.database.db, { until, today: '2029-01-01', dryRun: false });
    expect(again.customers).toBe(0);
    // Outside the retention job the audit trail stays append-only.
    await expect(t.database.db.update(auditLog).set({ before: null })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });
});
