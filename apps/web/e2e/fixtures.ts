import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type AppointmentValues, appointmentOf } from '@tz/shared/appointments/appointment-values';
import type { TestCentres } from '@tz/shared/testing/testing.contract';
import { startServer } from './server';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The moment every test runs at, on the server and in the browser: a Tuesday
 * morning by default; `E2E_NOW=2026-03-29T01:55:00+01:00 npm test` runs the
 * whole suite at another one (see README).
 */
export const E2E_NOW = process.env.E2E_NOW ?? '2026-06-16T10:20:00+02:00';

export type { TestCentres };

interface TestFixtures {
  /** The server's and the browser's clock, set to E2E_NOW before the test starts. */
  clock: undefined;
  /** A test centre and a vaccination centre of this test's own, seeded around E2E_NOW, with their logins. */
  centres: TestCentres;
}

export const test = base.extend<TestFixtures, { server: { url: string } }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.parallelIndex}`, E2E_NOW);
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  clock: [
    async ({ page, server }, use) => {
      const res = await fetch(`${server.url}/api/test/clock`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: E2E_NOW }),
      });
      if (!res.ok) throw new Error(`Uhr nicht gestellt: ${res.status} ${await res.text()}`);
      await page.clock.install({ time: new Date(E2E_NOW) });
      await use(undefined);
    },
    { auto: true },
  ],
  centres: async ({ server, clock: _clock }, use) => {
    const res = await fetch(`${server.url}/api/test/centres`, { method: 'POST' });
    if (!res.ok) throw new Error(`Zentren nicht angelegt: ${res.status} ${await res.text()}`);
    await use((await res.json()) as TestCentres);
  },
});

/**
 * Moves the browser's and then the server's clock forward (e.g. past a session's end). The browser's
 * first: the other way round, a call the page made in between (a refetch) could meet the moved server,
 * and the reload its 401 starts could cut off the fast-forward (a suspected cause of a rare failure).
 */
export async function advanceClocks(page: Page, baseURL: string, ms: number) {
  const browserNow = await page.evaluate(() => Date.now());
  await page.clock.fastForward(ms);
  const res = await fetch(`${baseURL}/api/test/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(browserNow + ms).toISOString() }),
  });
  if (!res.ok) throw new Error(`Uhr nicht gestellt: ${res.status}`);
}

/**
 * Holds every request matching `url` until `release()` (a slow server or a slow chunk, made exact):
 * `asked()` says whether one was made meanwhile.
 */
export async function holdRequests(page: Page, url: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release: () => release(), asked: () => asked };
}

/** The API as a logged-in user, for the data a test needs before it opens a screen. */
export async function apiAs(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { token, bookly_staff_id: staffId } = (await res.json()) as { token: string; bookly_staff_id: number };
  const headers = { authorization: `Bearer ${token}` };
  const call = async <T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> => {
    const answer = await request[method](`/api/staff/${staffId}${path}`, { headers, data });
    if (!answer.ok()) throw new Error(`${method.toUpperCase()} ${path}: ${answer.status()} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return {
    staffId,
    get: <T>(path: string) => call<T>('get', path),
    post: <T>(path: string, data: unknown) => call<T>('post', path, data),
    /** The centre's appointments list (POST /appointments): the answer sends each row as its values. */
    appointments: async (query: Record<string, unknown>) =>
      (await call<AppointmentValues[]>('post', '/appointments', query)).map(appointmentOf),
  };
}

/** 'YYYY-MM-DD' of E2E_NOW plus n days in Berlin, moved on to the next Monday–Friday when it is a weekend. */
export function workdayAhead(n: number) {
  const d = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(E2E_NOW))}T12:00:00Z`,
  );
  d.setUTCDate(d.getUTCDate() + n);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Logs in through the real login form, as a person would. */
export async function loginAs(page: Page, email: string) {
  // A navigation the app started itself (a reload into /login) may interrupt ours: go again once it is done.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('/login');
      break;
    } catch (err) {
      if (attempt >= 3 || !/ERR_ABORTED|interrupted by another navigation/.test((err as Error).message)) throw err;
      await page.waitForLoadState();
    }
  }
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  // The layout asks whether the news prompt is due right after login; it can only open once the answer is here.
  const news = page.waitForResponse((r) => r.url().endsWith('/api/news/prompt') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await news;
}

/**
 * Starts the test already logged in, on the role's landing screen: the session
 * comes from the login API and is stored as the login screen stores it, with
 * the news prompt answered. For tests whose subject is not the login itself
 * (that one, the news prompt and logout keep `loginAs`); it saves each test the
 * form, the redirect and the wait for the prompt.
 */
export async function signIn(page: Page, email: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const login = (await res.json()) as { token: string; second_factor: string | null };
  // A user with the second factor on (or required) has no session yet: sign in through the form instead.
  expect(login.second_factor, `${email} braucht den zweiten Faktor`).toBeNull();
  await page.addInitScript(
    ([session, token]) => {
      // Each session only into the next document of this tab: a later logout stays logged out after
      // its reload, and a second signIn in the same tab (another user) still takes effect.
      const applied: string[] = JSON.parse(sessionStorage.getItem('e2e.signedIn') ?? '[]');
      if (applied.includes(token)) return;
      sessionStorage.setItem('e2e.signedIn', JSON.stringify([...applied, token]));
      localStorage.setItem('tz.session', session);
      localStorage.setItem('tz.newsPromptDismissed', token);
    },
    [JSON.stringify({ login }), login.token] as const,
  );
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Logs out through the profile menu, as a person would, and waits for the app's reload into /login. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /Profilmenü/ }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Dismisses the news prompt if it opens (after a fresh login). It renders just
 * after the news arrive, so give it a moment instead of looking only once.
 */
export async function dismissNewsPrompt(page: Page) {
  const ignore = page.getByRole('button', { name: 'Ignorieren' });
  await ignore.waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
  if (await ignore.isVisible().catch(() => false)) await ignore.click();
  await expect(page.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
}

/** Fails on serious or critical accessibility violations of the current screen. */
export async function expectAccessible(page: Page) {
  // Legacy mode: axe.run in the page itself (the app has no cross-origin frames), not runPartial plus
  // finishRun in a fresh blank page with axe injected twice; only violations are reported in full.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export { expect };
