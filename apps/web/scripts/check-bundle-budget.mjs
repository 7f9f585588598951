// Runs after `vite build` (npm run build -w @tz/web): the gzip size of the JavaScript a fresh load
// needs before the first screen is drawn, from Vite's manifest (the entry and its static imports,
// plus the screen's lazy chunk with its static imports; the same files Chromium fetches, see
// apps/server/bench/web-login-js.ts). The build fails when a budget is exceeded (issue 28).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * kB of gzip (level 9, as a compressing proxy would send it). The appointments list fits since its
 * rows draw stand-ins for their select, menus, popover and tooltip until first used (ui/deferred.tsx).
 */
const BUDGETS = [
  // What every screen loads first: growing it costs every screen.
  { name: 'entry (every screen)', chunks: [], kb: 160, enforced: true },
  { name: 'login screen', chunks: ['src/features/auth/login-page.tsx'], kb: 250, enforced: true },
  {
    name: 'appointments list',
    chunks: ['src/layout/app-layout.tsx', 'src/features/appointments/appointments-page.tsx'],
    kb: 250,
    enforced: true,
  },
  {
    // The first load of a session with unseen news: the prompt (a Modal) opens over the list. Its
    // dialog once carried all of floating-ui through Mantine's ScrollArea (vite.config.ts).
    name: 'appointments list with the news prompt',
    chunks: [
      'src/layout/app-layout.tsx',
      'src/features/appointments/appointments-page.tsx',
      'src/features/news/news-prompt.tsx',
    ],
    kb: 250,
    enforced: true,
  },
];

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const gzipKb = new Map();
const sizeOf = (file) => {
  if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000);
  return gzipKb.get(file);
};
/** Every chunk loaded with `keys`: they and their static imports, transitively. */
const closure = (keys, seen = new Set()) => {
  for (const k of keys) {
    if (!manifest[k]) throw new Error(`check-bundle-budget: ${k} is not in the build (renamed?)`);
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k].imports ?? [], seen);
  }
  return seen;
};

let failed = false;
for (const b of BUDGETS) {
  const files = [...closure([entry, ...b.chunks])].map((k) => manifest[k].file);
  const kb = files.reduce((sum, f) => sum + sizeOf(f), 0);
  const over = kb > b.kb;
  if (over && b.enforced) failed = true;
  const verdict = over ? (b.enforced ? 'OVER BUDGET' : 'over budget (reported, not enforced)') : 'ok';
  console.log(`${b.name}: ${kb.toFixed(1)} kB gzip in ${files.length} files (budget ${b.kb} kB): ${verdict}`);
  if (over) {
    const largest = files.sort((x, y) => sizeOf(y) - sizeOf(x)).slice(0, 8);
    console.log(`  largest: ${largest.map((f) => `${path.basename(f)} ${sizeOf(f).toFixed(1)}`).join(', ')}`);
  }
}
if (failed) {
  console.error('JavaScript budget exceeded: load the new code lazily (router.tsx screens, lazy() dialogs).');
  process.exit(1);
}
