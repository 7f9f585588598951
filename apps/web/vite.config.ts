import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Mantine's ScrollArea takes a single hook, useMergeRefs, from @floating-ui/react, and every Modal
 * imports ScrollArea: each dialog's download carried all of floating-ui (15.6 kB gzip). For that one
 * importer the same hook comes from src/ui/merge-refs.ts (@mantine/hooks); menus, selects and
 * tooltips still use floating-ui itself.
 */
const scrollAreaMergeRefs = (): Plugin => ({
  name: 'scroll-area-merge-refs',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === '@floating-ui/react' &&
      importer &&
      /@mantine[\\/]core[\\/].*[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
    )
      return fileURLToPath(new URL('./src/ui/merge-refs.ts', import.meta.url));
    return null;
  },
});

export default defineConfig({
  plugins: [scrollAreaMergeRefs(), react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800, manifest: true },
  // Pure modules, no DOM: one module graph per worker (43 → 10 s on 2 cores).
  test: { include: ['src/**/*.test.ts'], isolate: false },
});
