import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/pin-clock.ts'],
    pool: 'forks',
    // One module graph per worker, not per file: each file still opens its own database, but the server's
    // modules load once per worker (2 cores, PostgreSQL: 305 → 172 s; PGlite: 365 → 250 s, under load).
    isolate: false,
    // Every core: database work waits on I/O often enough that all of them pay (2 cores: 107 → 84 s).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
