import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { summarise } from './measure';
import type { OperationResult } from './run';
import { memoryOf, startServer } from './server-process';
import { waitForList } from './web-appointments';
import { prepareWebData, WEB_BENCH_LOGIN } from './web-data';
import { DEFAULT_WEB_GROUPS, measureGroupPage, type WebGroupsOptions } from './web-groups';
import { DEFAULT_WEB_LIST, type WebListOptions } from './web-list';
import { type LoadedScript, loadLoginScreen, loadScreen } from './web-login-js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const SECRET = 'bench-web-secret-0123456789-0123456789-0123';

export interface WebBenchOptions {
  /** Fresh loads of /login (each in a new browser context, empty cache). */
  loginLoads: number;
  /**
   * 'list': only the appointments list on the large centre (bench/web-list.ts, run by run.ts);
   * 'groups': only the group page with 10,000 members (bench/web-groups.ts), on the demo data.
   */
  part?: 'all' | 'list' | 'groups';
  list: WebListOptions;
  groups?: WebGroupsOptions;
  dataDir: string;
}

/** Everything but the data directory, which the caller owns. */
export type WebSettings = Omit<WebBenchOptions, 'dataDir'>;

export const DEFAULT_WEB: WebSettings = { loginLoads: 3, list: DEFAULT_WEB_LIST };

export interface WebRun {
  /** What the list part ran on (the large centre's data); absent when it did not run. */
  list_data?: { size: string; db: string; scale: number; today: string; day_rows: number; window_rows: number };
  /** The demo data's server (login screen, group page); 0 when that part did not run. */
  server_peak_rss_kb: number;
  /** Every JavaScript file of a fresh load of the login screen, largest first. */
  login_scripts: LoadedScript[];
  operations: OperationResult[];
}

/** One web figure on the console as it is measured. */
export function logWebOp(op: OperationResult) {
  console.log(
    `  ${op.operation}: median ${op.median_ms} ms  p95 ${op.p95_ms} ms${op.bytes ? `  ${(op.bytes / 1000).toFixed(1)} kB gzip` : ''}${op.longest_frame_ms ? `  längster Frame ${op.longest_frame_ms} ms, ${op.frames_over_50ms} über 50 ms, ${op.frames_within_budget_pct} % in einem 60-Hz-Intervall (${op.frames_read_16_7ms_pct} % ≤ 16,7 ms gelesen), höchstens ${op.max_rows} Zeilen` : ''}${op.heap_mb ? `  Heap ${op.heap_mb} MB` : ''}${op.errors ? `  FEHLER ${op.errors}` : ''}`,
  );
}

/** The built SPA the server serves; built first when missing. */
export function ensureWebBuilt() {
  if (existsSync(path.join(webDist, 'index.html'))) return;
  console.log('  Web-App bauen (apps/web/dist fehlt) …');
  execSync('npm run build -w @tz/web', { cwd: repoRoot, stdio: 'inherit' });
}

export const launchChromium = () =>
  chromium.launch({
    // Debian's Chromium, as in the e2e tests (playwright.config.ts; npm test installs it).
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });

/** The login answer of the benchmark's user, as the app stores it after the login form. */
async function apiLogin(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: WEB_BENCH_LOGIN, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Anmeldung antwortet ${res.status}`);
  return (await res.json()) as { token: string };
}

export const apiToken = async (url: string) => (await apiLogin(url)).token;

/**
 * Logs in through the form, as a person would, and dismisses the news prompt
 * (the demo always has unseen news). It must be gone before measuring: an
 * open modal locks scrolling.
 */
export async function loginThroughUi(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-Mail').fill(WEB_BENCH_LOGIN);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  const news = page.waitForResponse((r) => r.url().endsWith('/api/news') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await news;
  const ignore = page.getByRole('button', { name: 'Ignorieren' });
  if (
    await ignore.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  )
    await ignore.click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function measureLoginScreen(browser: Browser, url: string, loads: number) {
  const runs = [];
  for (let i = 0; i < loads; i++) runs.push(await loadLoginScreen(browser, url));
  const first = runs[0]!;
  const op: OperationResult = {
    operation: 'web: login screen, fresh load (until the form is rendered)',
    ...summarise(
      runs.map((r) => r.formMs),
      0,
      0,
    ),
    bytes: first.gzipBytes,
    files: first.scripts.length,
  };
  return { op, scripts: first.scripts };
}

/**
 * The web budgets in headless Chromium against the real server (production
 * mode, PGlite, demo data): the gzip bytes of all JavaScript a fresh load of
 * the login screen and of the appointments list fetches, and the group page
 * with 10,000 members. The list's timing and scrolling run on the large
 * centre's data (bench/web-list.ts, started by run.ts).
 */
export async function runWebBench(opts: WebBenchOptions): Promise<WebRun> {
  console.log('\n» Web (Chromium, PGlite, Demodaten)');
  ensureWebBuilt();
  const secrets = { JWT_SECRET: SECRET, CERT_KEY: SECRET };
  const data = await prepareWebData(opts.dataDir, secrets);
  const server = await startServer({ ...secrets, PGLITE_DIR: opts.dataDir, DATABASE_URL: '' });
  const browser = await launchChromium();
  const ops: OperationResult[] = [];
  let scripts: LoadedScript[] = [];
  let peakKb = 0;
  const record = (op: OperationResult) => {
    ops.push(op);
    logWebOp(op);
  };
  try {
    const login = await apiLogin(server.url);
    const token = login.token;
    const centre = { staffId: data.staffId, timeZone: data.timeZone };
    if (opts.part !== 'groups') {
      const loginScreen = await measureLoginScreen(browser, server.url, opts.loginLoads);
      scripts = loginScreen.scripts;
      record(loginScreen.op);
      // The appointments list opened by a signed-in user (session in localStorage, as after the login form).
      const listLoad = await loadScreen(browser, server.url, '/appointments', waitForList, {
        'tz.session': JSON.stringify({ login }),
      });
      record({
        operation: 'web: appointments list, fresh load (until the rows are rendered)',
        ...summarise([listLoad.formMs], 0, 0),
        bytes: listLoad.gzipBytes,
        files: listLoad.scripts.length,
      });
    }
    await measureGroupPage(browser, server.url, token, centre, opts.groups ?? DEFAULT_WEB_GROUPS, record);
  } finally {
    await browser.close();
    peakKb = memoryOf(server.pid).hwmKb;
    await server.stop();
  }
  return {
    server_peak_rss_kb: peakKb,
    login_scripts: scripts,
    operations: ops,
  };
}
