// npm test: install what is missing (Debian's Chromium included), then every check and test.
import { execSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (title, cmd, env = {}) => {
  console.log(`\n» ${title}`);
  const started = Date.now();
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('» Chromium fehlt: apt-get install chromium');
  try {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium`, {
      stdio: 'inherit',
    });
  } catch {
    console.error('Chromium konnte nicht installiert werden. Bitte "apt-get install chromium" als root ausführen.');
    process.exit(1);
  }
}

ensureDeps();
ensureChromium();
rmSync(path.join(root, '.data-test'), { recursive: true, force: true });

run('Typprüfung', 'npx tsc -p packages/shared && npx tsc -p apps/server && npx tsc -p apps/web');
run('Lint und Format (Biome)', 'npx biome ci .');
run(
  'Unit-Tests shared und web',
  'npx vitest run --root packages/shared --passWithNoTests && npx vitest run --root apps/web',
);
run('Server-Tests auf PGlite', 'npx vitest run --root apps/server', { TEST_DB_KIND: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('Server-Tests auf PostgreSQL', 'npx vitest run --root apps/server', { TEST_DB_KIND: 'postgres' });
} else {
  console.log('\n» PostgreSQL-Tests übersprungen (TEST_DATABASE_URL nicht gesetzt)');
}
if (existsSync(path.join(root, 'apps/server/bench/quick.ts')))
  run('Benchmark (quick)', 'npm run bench:quick -w @tz/server');
run('Web-App bauen', 'npm run build -w @tz/web');
run('End-to-End in Chromium', 'npx playwright test -c apps/web/playwright.config.ts', { CI: process.env.CI ?? '' });
rmSync(path.join(root, '.data-test'), { recursive: true, force: true });
console.log('\nAlle Prüfungen bestanden.');
