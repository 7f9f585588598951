import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE } from '@tz/shared/constants';
import { OPERATIONS_MSG } from '@tz/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../clock';
import { testConfig } from '../../config';
import { centreWithUser, createCustomer } from '../../test/factories';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { restoreBackup, tableChecksums } from '../lifecycle/backup';
import { JOBS, runSlot, scheduledBackupName, scheduledBackups } from './scheduled-jobs';
import { runsOf } from './scheduled-runs.repository';

/**
 * Issue 27: backups and the retention job on a schedule inside the worker, each slot exactly once
 * across instances (two schedulers on one database here), keep N, outcome on the platform's screen.
 */
const NOW = new Date('2026-06-16T10:20:00+02:00');
const backupJob = JOBS.find((j) => j.name === 'backup')!;
const retentionJob = JOBS.find((j) => j.name === 'retention')!;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  setClock(NOW);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tz-scheduled-'));
  const base = testConfig();
  t = await createTestApp({
    backupDir: dir,
    operations: { ...base.operations, backupSchedule: '0 3 * * *', backupKeep: 2, retentionSchedule: '30 3 * * *' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const slot = (iso: string) => new Date(iso);

describe('scheduled backups', () => {
  it('run each slot once however many instances ask, and keep the newest N', async () => {
    await createCustomer(t.database.db, { staff_id: (await centreWithUser(t.app, t.database.db)).centre.id });
    // A manual backup in the same folder is never pruned.
    writeFileSync(path.join(dir, 'tz-backup-2026-06-01T00-00-00.jsonl.gz'), 'von Hand');
    const slots = ['2026-06-13T01:00:00Z', '2026-06-14T01:00:00Z', '2026-06-15T01:00:00Z'].map(slot);
    for (const s of slots) {
      // Two instances reach the same slot at the same moment.
      const outcomes = await Promise.all([runSlot(t.deps, backupJob, s), runSlot(t.deps, backupJob, s)]);
      expect(outcomes.sort()).toEqual(['success', 'taken']);
      // And one that comes late finds it taken.
      expect(await runSlot(t.deps, backupJob, s)).toBe('taken');
    }
    const runs = await runsOf(t.database.db, 'backup');
    expect(runs.map((r) => [r.slot_at.toISOString(), r.outcome])).toEqual(
      slots.map((s) => [s.toISOString(), 'success']),
    );
    expect(scheduledBackups(dir)).toEqual([scheduledBackupName(slots[2]!), scheduledBackupName(slots[1]!)]);
    expect(existsSync(path.join(dir, 'tz-backup-2026-06-01T00-00-00.jsonl.gz'))).toBe(true);
    expect(runs[2]!.detail).toMatchObject({ kept: 2, removed: 1, bytes: expect.any(Number), rows: expect.any(Number) });

    // The newest restores into an empty database and gives the same tables.
    const target = await openTestDatabase();
    try {
      await restoreBackup(target.db, path.join(dir, scheduledBackups(dir)[0]!));
      const restored = await tableChecksums(target.db);
      expect(restored.customers).toEqual((await tableChecksums(t.database.db)).customers);
    } finally {
      await target.close();
    }
  });

  it('records a failure in words, and the platform admin sees it with the next slot', async () => {
    const blocked = path.join(dir, 'keine-ordner');
    writeFileSync(blocked, 'eine Datei, kein Ordner');
    const failing = { ...t.deps, config: { ...t.deps.config, backupDir: path.join(blocked, 'sicherungen') } };
    expect(await runSlot(failing, backupJob, slot('2026-06-16T01:00:00Z'))).toBe('failure');
    expect(await runSlot(t.deps, retentionJob, slot('2026-06-16T01:30:00Z'))).toBe('success');

    const admin = await centreWithUser(t.app, t.database.db, ROLE.platformAdmin);
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/scheduled-jobs', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [backup, retention] = res.json().jobs;
    expect(backup).toMatchObject({
      job: 'backup',
      scheduled: true,
      // 03:00 Berlin on the day after NOW.
      next_run_at: '2026-06-17T01:00:00.000Z',
      last: { outcome: 'failure', error: OPERATIONS_MSG.folderMissing },
      last_success: { slot_at: '2026-06-15T01:00:00.000Z', outcome: 'success' },
      kept_backups: 2,
      keep: 2,
    });
    expect(retention).toMatchObject({
      job: 'retention',
      next_run_at: '2026-06-17T01:30:00.000Z',
      // Before RETENTION_UNTIL nothing is due.
      last: { outcome: 'success', retention_due: false, retention_until: '2028-12-31', customers: 0 },
    });
    const staff = await centreWithUser(t.app, t.database.db, ROLE.admin);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/platform/scheduled-jobs', headers: staff.headers })).statusCode,
    ).toBe(403);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

describe('GET /api/ready', () => {
  it('says yes while the instance takes traffic, no while it starts, drains or has no database', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });

    const other = await createTestApp();
    try {
      other.deps.readiness.drain();
      const draining = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ error: 'DRAINING', message: OPERATIONS_MSG.draining });
      // Liveness is another question.
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('while starting, answers only the probes and 503 to everything else', async () => {
    const { Readiness } = await import('./readiness');
    const starting = await createTestApp({}, { readiness: new Readiness('starting') });
    try {
      const ready = await starting.app.inject({ method: 'GET', url: '/api/ready' });
      expect([ready.statusCode, ready.json().error]).toEqual([503, 'STARTING']);
      expect((await starting.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const login = await starting.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.example', password: 'x' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('5');
      starting.deps.readiness.started();
      expect((await starting.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await starting.close();
    }
  });

  it('says no when the database cannot be reached', async () => {
    const gone = await createTestApp();
    await gone.database.close();
    const res = await gone.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('DATABASE_UNAVAILABLE');
    await gone.app.close();
  });
});
