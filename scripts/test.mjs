// npm test: install what is missing (Debian's Chromium included), then every check and test.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.data-test', 'reports');
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
mkdirSync(reports, { recursive: true });

// Each runner also writes a JSON report, so the last line can add up every test run.
const vitest = (dir, name, extra = '') =>
  `npx vitest run --root ${dir} ${extra} --reporter=default --reporter=json --outputFile.json=${path.join(reports, `${name}.json`)}`;
const totals = { passed: 0, failed: 0, skipped: 0 };
function count(name) {
  const file = path.join(reports, `${name}.json`);
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
}

run('Typprüfung', 'npx tsc -p packages/shared && npx tsc -p apps/server && npx tsc -p apps/web');
run('Lint und Format (Biome)', 'npx biome ci .');
run(
  'Unit-Tests shared und web',
  `${vitest('packages/shared', 'shared', '--passWithNoTests')} && ${vitest('apps/web', 'web')}`,
);
run('Server-Tests auf PGlite', vitest('apps/server', 'server-pglite'), { TEST_DB_KIND: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('Server-Tests auf PostgreSQL', vitest('apps/server', 'server-postgres'), { TEST_DB_KIND: 'postgres' });
} else {
  console.log('\n» PostgreSQL-Tests übersprungen (TEST_DATABASE_URL nicht gesetzt)');
}
if (existsSync(path.join(root, 'apps/server/bench/quick.ts')))
  run('Benchmark (quick)', 'npm run bench:quick -w @tz/server');
run('Web-App bauen', 'npm run build -w @tz/web');
run('End-to-End in Chromium', 'npx playwright test -c apps/web/playwright.config.ts --reporter=list,json', {
  CI: process.env.CI ?? '',
  PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'e2e.json'),
});
for (const name of ['shared', 'web', 'server-pglite', 'server-postgres', 'e2e']) count(name);
rmSync(path.join(root, '.data-test'), { recursive: true, force: true });
console.log('\nAlle Prüfungen bestanden.');
// The plain closing line CI reads: every test of every runner, added up.
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
