import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions: one module graph per worker instead of one per file.
  test: { include: ['src/**/*.test.ts'], isolate: false },
});
