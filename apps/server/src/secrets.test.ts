import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loadOrCreateSecrets } from './secrets';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets without configuration (issue 16, defect 2)', () => {
  it('are generated at the first start, kept in the data directory with mode 600, and read again later', () => {
    const dataDir = path.join(dir, 'a');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dir, 'a', 'secrets.json');
    expect(first.secretsFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.certKey.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.certKey);
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again).toMatchObject({ jwtSecret: first.jwtSecret, certKey: first.certKey });
  });

  it('differ between installations: no secret is written in the source', () => {
    const a = loadConfig({ DATA_DIR: path.join(dir, 'b') });
    const b = loadConfig({ DATA_DIR: path.join(dir, 'c') });
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(a.certKey).not.toBe(b.certKey);
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/dev-only|change-me/);
  });

  it('come from the environment when configured, and a half configuration takes the other from the file', () => {
    const c = loadConfig({ JWT_SECRET: 'j'.repeat(40), CERT_KEY: 'k'.repeat(40), SECRETS_FILE: path.join(dir, 'no') });
    expect(c).toMatchObject({ jwtSecret: 'j'.repeat(40), certKey: 'k'.repeat(40) });
    const half = loadConfig({ JWT_SECRET: 'j'.repeat(40), SECRETS_FILE: path.join(dir, 'half.json') });
    expect(half.jwtSecret).toBe('j'.repeat(40));
    expect(half.certKey).toBe(JSON.parse(readFileSync(path.join(dir, 'half.json'), 'utf8')).certKey);
  });

  it('production still refuses to start without configured secrets, and writes no file', () => {
    const file = path.join(dir, 'prod.json');
    expect(() => loadConfig({ NODE_ENV: 'production', SECRETS_FILE: file })).toThrow(/JWT_SECRET und CERT_KEY/);
    expect(() => statSync(file)).toThrow();
  });

  it('tightens a secrets file others can read, and refuses a broken one', () => {
    const file = path.join(dir, 'loose.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 'a'.repeat(40), certKey: 'b'.repeat(40) }), { mode: 0o644 });
    expect(loadOrCreateSecrets(file).jwtSecret).toBe('a'.repeat(40));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ jwtSecret: 'kurz' }));
    expect(() => loadOrCreateSecrets(broken)).toThrow(/jwtSecret/);
  });
});
