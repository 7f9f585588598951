import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig as load } from './config';

// Outside production without JWT_SECRET the config keeps generated secrets in a file: a temporary one here.
const dir = mkdtempSync(path.join(os.tmpdir(), 'tz-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const loadConfig = (env: NodeJS.ProcessEnv): Config => load({ SECRETS_FILE: path.join(dir, 'secrets.json'), ...env });

describe('config', () => {
  it('refuses production with the default secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET und CERT_KEY/);
  });

  it('never seeds demo data in production', () => {
    const c = loadConfig({ NODE_ENV: 'production', DEMO: '1', JWT_SECRET: 'x'.repeat(40), CERT_KEY: 'y'.repeat(40) });
    expect(c.demo).toBe(false);
  });

  it('turns demo on when asked outside production and reads the defaults', () => {
    const c = loadConfig({ DEMO: '1' });
    expect(c).toMatchObject({ demo: true, port: 3000, tokenTtlSeconds: 43200, databaseUrl: undefined });
    expect(c.pgliteDir).toMatch(/data\/pglite$/);
  });

  it('fails fast on an invalid value, naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'kurz' })).toThrow(/JWT_SECRET/);
  });

  it('refuses the test clock and the test API in production, and reads them elsewhere', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), CERT_KEY: 'y'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, TEST_NOW: '2026-03-29T01:30:00+01:00' })).toThrow(
      /TEST_NOW, TEST_API und TEST_PAUSE_SQL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, TEST_API: '1' })).toThrow(
      /TEST_NOW, TEST_API und TEST_PAUSE_SQL/,
    );
    const c = loadConfig({ TEST_NOW: '2026-03-29T01:30:00+01:00', TEST_API: '1' });
    expect(c.testNow?.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(c.testApi).toBe(true);
    expect(loadConfig({}).testApi).toBe(false);
    expect(() => loadConfig({ TEST_NOW: 'morgen' })).toThrow(/TEST_NOW/);
  });

  it("refuses the fault suite's SQL pause in production, and reads it elsewhere", () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), CERT_KEY: 'y'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, TEST_PAUSE_SQL: 'insert' })).toThrow(
      /TEST_PAUSE_SQL/,
    );
    expect(loadConfig({ ...secrets }).testPauseSql).toBeUndefined();
    const c = loadConfig({ ...secrets, TEST_PAUSE_SQL: 'insert into "audit', TEST_PAUSE_SQL_NTH: '2' });
    expect(c.testPauseSql?.pattern.test('insert into "audit_log"')).toBe(true);
    expect(c.testPauseSql?.nth).toBe(2);
  });

  it('splits ALLOWED_HOSTS', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'A.example, b.example,' }).allowedHosts).toEqual(['a.example', 'b.example']);
  });

  it('takes DEMIS base URL and client id from the environment: test by default, production in production', () => {
    const test = loadConfig({});
    expect(test).toMatchObject({
      demisEnvironment: 'test',
      demisUrl: 'https://test.demis.rki.de/',
      demisClientId: 'demis-test',
    });
    const secrets = { JWT_SECRET: 'x'.repeat(40), CERT_KEY: 'y'.repeat(40) };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets })).toMatchObject({
      demisEnvironment: 'production',
      demisUrl: 'https://demis.rki.de/',
      demisClientId: 'demis-adapter',
    });
    // a production server pointed at gematik's test environment on purpose
    expect(loadConfig({ NODE_ENV: 'production', ...secrets, DEMIS_ENVIRONMENT: 'test' }).demisClientId).toBe(
      'demis-test',
    );
    const own = loadConfig({ DEMIS_URL: 'https://127.0.0.1:8443/', DEMIS_CLIENT_ID: 'eigener-client' });
    expect(own).toMatchObject({ demisUrl: 'https://127.0.0.1:8443/', demisClientId: 'eigener-client' });
    expect(() => loadConfig({ DEMIS_ENVIRONMENT: 'staging' })).toThrow(/DEMIS_ENVIRONMENT/);
    expect(() => loadConfig({ DEMIS_URL: 'kein url' })).toThrow(/DEMIS_URL/);
  });

  it('keeps the code-system versions of the DEMIS bundle in the configuration, with checked formats', () => {
    expect(loadConfig({})).toMatchObject({
      demisLoincVersion: '2.79',
      demisSnomedVersion: 'http://snomed.info/sct/11000274103/version/20241115',
    });
    expect(loadConfig({ DEMIS_LOINC_VERSION: '2.80' }).demisLoincVersion).toBe('2.80');
    expect(() => loadConfig({ DEMIS_LOINC_VERSION: 'neu' })).toThrow(/DEMIS_LOINC_VERSION/);
    expect(() => loadConfig({ DEMIS_SNOMED_VERSION: '20241115' })).toThrow(/DEMIS_SNOMED_VERSION/);
  });

  it('trusts no proxy by default; TRUST_PROXY names hops or proxy addresses and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/8/1' })).toThrow(/TRUST_PROXY/);
  });

  it('reads PUBLIC_URL without a trailing slash and refuses what is not an http(s) address', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://termine.example.de/' }).publicUrl).toBe('https://termine.example.de');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});
