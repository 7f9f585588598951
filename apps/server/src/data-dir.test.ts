import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-data-dir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every path the server writes to, from the config (issue 26 item 17). */
const written = (c: ReturnType<typeof loadConfig>) => ({
  pglite: c.pgliteDir,
  outbox: c.outboxDir,
  exports: c.exportDir,
  backups: c.backupDir,
  secrets: c.secretsFile,
});

describe('every file the server writes defaults to a place in DATA_DIR (issue 26, item 17)', () => {
  it('two installations with their own DATA_DIR, started from the same folder, share no path', () => {
    const a = loadConfig({ DATA_DIR: path.join(dir, 'one') });
    const b = loadConfig({ DATA_DIR: path.join(dir, 'two') });
    for (const [what, p] of Object.entries(written(a))) {
      expect(p, what).toBe(path.join(dir, 'one', path.basename(p)));
    }
    expect(written(a)).toEqual({
      pglite: path.join(dir, 'one', 'pglite'),
      outbox: path.join(dir, 'one', 'outbox'),
      exports: path.join(dir, 'one', 'exports'),
      backups: path.join(dir, 'one', 'backups'),
      secrets: path.join(dir, 'one', 'secrets.json'),
    });
    const shared = Object.values(written(a)).filter((p) => Object.values(written(b)).includes(p));
    expect(shared).toEqual([]);
  });

  it('without DATA_DIR everything lies in ./data of the working folder, as before', () => {
    const c = loadConfig({ SECRETS_FILE: path.join(dir, 'defaults-secrets.json') });
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.pgliteDir).toBe(path.resolve('data/pglite'));
    expect(c.exportDir).toBe(path.resolve('data/exports'));
    expect(c.outboxDir).toBe(path.resolve('data/outbox'));
    expect(c.backupDir).toBe(path.resolve('data/backups'));
  });

  it('explicit paths still win', () => {
    const c = loadConfig({
      DATA_DIR: path.join(dir, 'three'),
      PGLITE_DIR: path.join(dir, 'db'),
      OUTBOX_DIR: path.join(dir, 'mails'),
      EXPORT_DIR: path.join(dir, 'files'),
      BACKUP_DIR: path.join(dir, 'saved'),
      SECRETS_FILE: path.join(dir, 'keys.json'),
    });
    expect(written(c)).toEqual({
      pglite: path.join(dir, 'db'),
      outbox: path.join(dir, 'mails'),
      exports: path.join(dir, 'files'),
      backups: path.join(dir, 'saved'),
      secrets: path.join(dir, 'keys.json'),
    });
  });

  it("an older installation's DATA_DIR that is the PGlite folder itself stays its database, with the rest beside it", () => {
    const old = path.join(dir, 'old', 'pglite');
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, 'PG_VERSION'), '17\n');
    const c = loadConfig({ DATA_DIR: old });
    expect(written(c)).toEqual({
      pglite: old,
      outbox: path.join(dir, 'old', 'outbox'),
      exports: path.join(dir, 'old', 'exports'),
      backups: path.join(dir, 'old', 'backups'),
      // where the older installation generated it: its sessions and certificates stay readable
      secrets: path.join(dir, 'old', 'secrets.json'),
    });
  });
});
