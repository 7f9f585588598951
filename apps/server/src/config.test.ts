import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    expect(c.dataDir).toMatch(/data\/pglite$/);
  });

  it('fails fast on an invalid value, naming it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'kurz' })).toThrow(/JWT_SECRET/);
  });

  it('splits ALLOWED_HOSTS', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'A.example, b.example,' }).allowedHosts).toEqual(['a.example', 'b.example']);
  });
});
