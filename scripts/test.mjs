// npm test: install what is missing (Debian's Chromium included), then every check and test.
// Every step runs even when an earlier one failed, so the closing line counts everything that ran.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.data-test', 'reports');
const totals = { passed: 0, failed: 0 };
const failedSteps = [];

function run(title, cmd, env = {}) {
  console.log(`\n» ${title}`);
  const started = Date.now();
  try {
    execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    return true;
  } catch {
    failedSteps.push(title);
    return false;
  } finally {
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

/** A step that is a check, not a test runner: counts as one test. */
function check(title, cmd) {
  if (run(title, cmd)) totals.passed += 1;
  else totals.failed += 1;
}

/** A test runner step: its JSON report is counted; a runner that died without one counts as one failure. */
function runner(title, name, cmd, env = {}) {
  const ok = run(title, cmd, env);
  const file = path.join(reports, `${name}.json`);
  if (!existsSync(file)) {
    if (!ok) totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // Playwright's stats, or vitest's counts. Flaky cannot happen with retries 0, but would count as failed.
  const passed = report.stats ? report.stats.expected : report.numPassedTests;
  const failed = report.stats ? report.stats.unexpected + report.stats.flaky : report.numFailedTests;
  totals.passed += passed;
  // A runner that failed outside any test (setup, unhandled error) still counts one failure.
  totals.failed += failed || (ok ? 0 : 1);
}

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

/** Node 24 (current LTS) from the npm registry, for one more run of the unit and API tests. */
function node24() {
  try {
    const bin = execSync('npx -y -p node@24 node -e "process.stdout.write(process.execPath)"', {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    return bin.trim() || undefined;
  } catch {
    return undefined;
  }
}

ensureDeps();
ensureChromium();
rmSync(path.join(root, '.data-test'), { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (dir, name, extra = '', node = 'npx') =>
  `${node === 'npx' ? 'npx vitest' : `"${node}" node_modules/vitest/vitest.mjs`} run --root ${dir} ${extra} --reporter=default --reporter=json --outputFile.json=${path.join(reports, `${name}.json`)}`;

// The three programs side by side (each checks shared again through its imports): 75 s one after another on 2 cores.
check(
  'Typprüfung',
  "bash -c 'npx tsc -p packages/shared & a=$!; npx tsc -p apps/server & b=$!; npx tsc -p apps/web & c=$!; " +
    "wait $a; x=$?; wait $b; y=$?; wait $c; z=$?; exit $((x | y | z))'",
);
check('Lint und Format (Biome)', 'npx biome ci .');
runner('Unit-Tests shared', 'shared', vitest('packages/shared', 'shared', '--passWithNoTests'));
runner('Unit-Tests web', 'web', vitest('apps/web', 'web'));
runner('Server-Tests auf PGlite', 'server-pglite', vitest('apps/server', 'server-pglite'), { TEST_DB_KIND: 'pglite' });
// Node 24 (current LTS) from the npm registry: the unit tests once more, and the API tests on PostgreSQL
// (PGlite's run above is on the Node that runs npm test, at least 20.19), so both Node versions see every API test.
const node = node24();
const version = node ? execSync(`"${node}" --version`).toString().trim() : undefined;
if (node) {
  runner(
    `Unit-Tests shared auf Node ${version}`,
    'node24-shared',
    vitest('packages/shared', 'node24-shared', '', node),
  );
  runner(`Unit-Tests web auf Node ${version}`, 'node24-web', vitest('apps/web', 'node24-web', '', node));
} else if (process.env.CI) {
  console.log('\n» Node 24 konnte nicht aus der npm-Registry geladen werden');
  failedSteps.push('Node 24');
  totals.failed += 1;
} else {
  console.log('\n» Node-24-Lauf übersprungen (node@24 nicht aus der npm-Registry erhältlich)');
}
if (process.env.TEST_DATABASE_URL) {
  runner(
    `Server-Tests auf PostgreSQL (Node ${version ?? process.version})`,
    'server-postgres',
    vitest('apps/server', 'server-postgres', '', node ?? 'npx'),
    { TEST_DB_KIND: 'postgres' },
  );
  // Production setup (issue 27): nginx with TLS, two instances, one PostgreSQL; one test per proven property.
  runner(
    'Betrieb hinter nginx mit TLS, zwei Instanzen (ops:proof)',
    'ops-proof',
    `npm run ops:proof -- --report ${path.join(reports, 'ops-proof.json')}`,
  );
} else {
  console.log('\n» PostgreSQL-Tests und ops:proof übersprungen (TEST_DATABASE_URL nicht gesetzt)');
}
if (existsSync(path.join(root, 'apps/server/bench/quick.ts')))
  check('Benchmark (quick)', 'npm run bench:quick -w @tz/server');
if (run('Web-App bauen', 'npm run build -w @tz/web')) {
  runner('End-to-End in Chromium', 'e2e', 'npx playwright test -c apps/web/playwright.config.ts --reporter=list,json', {
    CI: process.env.CI ?? '',
    PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(reports, 'e2e.json'),
  });
} else {
  totals.failed += 1;
}
rmSync(path.join(root, '.data-test'), { recursive: true, force: true });
console.log(failedSteps.length ? `\nFehlgeschlagen: ${failedSteps.join(', ')}` : '\nAlle Prüfungen bestanden.');
// The plain closing line CI reads: every test of every runner, added up. Nothing may follow it.
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exitCode = failedSteps.length || totals.failed ? 1 : 0;
