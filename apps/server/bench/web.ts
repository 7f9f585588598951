import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { zonedInstant } from '@tz/shared/rules/time-zone';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { summarise } from './measure';
import type { OperationResult } from './run';
import { memoryOf, startServer } from './server-process';
import { clickAndWaitForDay, type DayOnScreen, scrollToLastRow, waitForList } from './web-appointments';
import { prepareWebData, WEB_BENCH_LOGIN } from './web-data';
import { DEFAULT_WEB_GROUPS, measureGroupPage, type WebGroupsOptions } from './web-groups';
import { type LoadedScript, loadLoginScreen, loadScreen } from './web-login-js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const SECRET = 'bench-web-secret-0123456789-0123456789-0123';
/** 1,500 rows at 200 px per frame are ~1,550 frames: 26 s at 60 frames/s, 5 min at 5 frames/s. */
const SCROLL_TIMEOUT_MS = 5 * 60_000;

export interface WebBenchOptions {
  /** Appointments added to today's demo data (the issue: 1,500). */
  rows: number;
  /** Measured clicks on 'Heute' per variant, after `warmup` unmeasured ones. */
  clicks: number;
  warmup: number;
  /** Fresh loads of /login (each in a new browser context, empty cache). */
  loginLoads: number;
  /** Pixels scrolled per animation frame (200 px at 60 frames/s: a fast fling). */
  scrollStepPx: number;
  /** 'groups': only the group page with 10,000 members (bench/web-groups.ts), on the demo data alone. */
  part?: 'all' | 'groups';
  groups?: WebGroupsOptions;
  dataDir: string;
}

/** Everything but the data directory, which the caller owns. */
export type WebSettings = Omit<WebBenchOptions, 'dataDir'>;

/** The issue's figures: 1,500 rows today, 10 clicks per variant after 2 warm-ups. */
export const DEFAULT_WEB: WebSettings = { rows: 1500, clicks: 10, warmup: 2, loginLoads: 3, scrollStepPx: 200 };

export interface WebRun {
  today: string;
  rows_added: number;
  data_seconds: number;
  server_peak_rss_kb: number;
  /** Every JavaScript file of a fresh load of the login screen, largest first. */
  login_scripts: LoadedScript[];
  operations: OperationResult[];
}

/** The built SPA the server serves; built first when missing. */
function ensureWebBuilt() {
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

const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const previousDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** What the screen must show for one day, asked from the API with the screen's own range (no filters). */
async function dayOnScreen(
  url: string,
  token: string,
  centre: { staffId: number; timeZone: string },
  date: string,
): Promise<DayOnScreen> {
  const startdate = zonedInstant(date, '00:00', centre.timeZone).getTime() / 1000;
  const enddate = zonedInstant(nextDay(date), '00:00', centre.timeZone).getTime() / 1000 - 1;
  const res = await fetch(`${url}/api/staff/${centre.staffId}/appointments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ startdate, enddate }),
  });
  if (!res.ok) throw new Error(`Liste antwortet ${res.status}`);
  const rows = (await res.json()) as { customer_appointment_id: number }[];
  // The bare number: the cards show it as 'Nr. 000381', the compact lines as '000381'.
  const nr = (r: { customer_appointment_id: number } | undefined) =>
    r ? displayCustomerAppointmentId(r.customer_appointment_id) : null;
  return { count: rows.length, firstNr: nr(rows[0]), lastNr: nr(rows.at(-1)) };
}

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

/**
 * Runs `measure` warmup + n times; failures count as errors, as in the API
 * operations. Calls per second mean nothing here (each includes opening the
 * screen), so that column stays empty.
 */
export async function repeat(n: number, warmup: number, measure: () => Promise<number>) {
  const samples: number[] = [];
  let errors = 0;
  for (let i = 0; i < warmup + n; i++) {
    try {
      const ms = await measure();
      if (i >= warmup) samples.push(ms);
    } catch (e) {
      if (i >= warmup) errors++;
      console.log(`  Fehler: ${(e as Error).message}`);
    }
  }
  return summarise(samples, errors, 0);
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

/** The list's two views (apps/web appointment-view.ts), by the label of the button that chooses each. */
export const LIST_VIEWS = { cards: 'Karten', compact: 'Kompakt' } as const;
export type ListView = keyof typeof LIST_VIEWS;

async function measureAppointments(
  page: Page,
  url: string,
  opts: WebBenchOptions,
  days: { today: DayOnScreen; yesterday: DayOnScreen },
  view: ListView,
  record: (op: OperationResult) => void,
) {
  const { today, yesterday } = days;
  const open = async () => {
    await page.goto(`${url}/appointments`);
    await waitForList(page);
    // The news prompt stays dismissed for this session (sessionStorage); anything else open would distort.
    if (await page.getByRole('dialog').count()) throw new Error('Ein Dialog verdeckt den Terminbildschirm');
  };
  // Chosen as a person does: the button stores the view for this user, every later visit opens in it.
  await open();
  const choose = page.getByRole('button', { name: LIST_VIEWS[view], exact: true });
  await choose.click();
  for (let i = 0; (await choose.getAttribute('aria-pressed')) !== 'true'; i++) {
    if (i > 200) throw new Error(`Ansicht ${LIST_VIEWS[view]} nicht gewählt`);
    await page.waitForTimeout(50);
  }
  const tag = ` [${view}]`;
  // First visit: the screen opens on 'Ab jetzt', nothing of today is cached yet.
  record({
    operation: `web: click 'Heute' → rows + total visible (screen just opened)${tag}`,
    rows: today.count,
    ...(await repeat(opts.clicks, opts.warmup, async () => {
      await open();
      return clickAndWaitForDay(page, 'Heute', today);
    })),
  });
  // Back and forth: today's first page is cached, and refetched in the background.
  record({
    operation: `web: click 'Heute' → rows + total visible (from 'Gestern', cached)${tag}`,
    rows: today.count,
    ...(await repeat(opts.clicks, opts.warmup, async () => {
      await clickAndWaitForDay(page, 'Gestern', yesterday);
      return clickAndWaitForDay(page, 'Heute', today);
    })),
  });

  // Scrolling from the first to the last row, with the pages loading on the way.
  await open();
  await clickAndWaitForDay(page, 'Heute', today);
  let pages = 0;
  const countPage = (r: { method(): string; postData(): string | null }) => {
    if (r.method() === 'POST' && /"after"/.test(r.postData() ?? '')) pages++;
  };
  page.on('request', countPage);
  const scroll = await scrollToLastRow(page, today.lastNr!, opts.scrollStepPx, SCROLL_TIMEOUT_MS);
  page.off('request', countPage);
  if (!scroll.reachedEnd) console.log(`  Fehler: letzte Zeile nach ${SCROLL_TIMEOUT_MS / 1000} s nicht erreicht`);
  const f = summarise(scroll.frameMs, scroll.reachedEnd ? 0 : 1, scroll.seconds);
  record({
    operation: `web: scroll through the day, ${opts.scrollStepPx} px per frame (frame times)${tag}`,
    rows: today.count,
    ...f,
    longest_frame_ms: Math.round(Math.max(...scroll.frameMs) * 100) / 100,
    frames_over_50ms: scroll.frameMs.filter((ms) => ms > 50).length,
    pages_loaded: pages,
  });
}

/**
 * The web budgets in headless Chromium against the real server (production
 * mode, PGlite): (a) the gzip bytes of all JavaScript a fresh load of the
 * login screen fetches; (b) with the demo data plus `rows` appointments
 * today, the time from a click on 'Heute' until today's rows and total are
 * on screen, and the frame times while scrolling through the whole day.
 */
export async function runWebBench(opts: WebBenchOptions): Promise<WebRun> {
  console.log('\n» Web (Chromium, PGlite, Demodaten)');
  ensureWebBuilt();
  const secrets = { JWT_SECRET: SECRET, CERT_KEY: SECRET };
  const data = await prepareWebData(opts.dataDir, opts.rows, secrets);
  console.log(`  ${data.added} Termine heute (${data.today}) ergänzt in ${data.seconds.toFixed(1)} s`);
  const server = await startServer({ ...secrets, PGLITE_DIR: opts.dataDir, DATABASE_URL: '' });
  const browser = await launchChromium();
  const ops: OperationResult[] = [];
  let scripts: LoadedScript[] = [];
  let peakKb = 0;
  const record = (op: OperationResult) => {
    ops.push(op);
    console.log(
      `  ${op.operation}: median ${op.median_ms} ms  p95 ${op.p95_ms} ms${op.bytes ? `  ${(op.bytes / 1000).toFixed(1)} kB gzip` : ''}${op.longest_frame_ms ? `  längster Frame ${op.longest_frame_ms} ms, ${op.frames_over_50ms} über 50 ms` : ''}${op.errors ? `  FEHLER ${op.errors}` : ''}`,
    );
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

      const today = await dayOnScreen(server.url, token, centre, data.today);
      const yesterday = await dayOnScreen(server.url, token, centre, previousDay(data.today));
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'de-DE',
        timezoneId: data.timeZone,
      });
      const page = await context.newPage();
      await loginThroughUi(page, server.url);
      // Both views of the list, compact next to cards, in the same browser session and data.
      for (const view of ['cards', 'compact'] as const) {
        await measureAppointments(page, server.url, opts, { today, yesterday }, view, record);
      }
      await context.close();
    }
    await measureGroupPage(browser, server.url, token, centre, opts.groups ?? DEFAULT_WEB_GROUPS, record);
  } finally {
    await browser.close();
    peakKb = memoryOf(server.pid).hwmKb;
    await server.stop();
  }
  return {
    today: data.today,
    rows_added: data.added,
    data_seconds: Math.round(data.seconds * 10) / 10,
    server_peak_rss_kb: peakKb,
    login_scripts: scripts,
    operations: ops,
  };
}
