import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';

export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface LoginScreenLoad {
  /** Every JavaScript file the fresh load fetched, largest first. */
  scripts: LoadedScript[];
  gzipBytes: number;
  /** From navigation start until the screen is ready (the login button is in the page, the list's rows). */
  formMs: number;
}

const isScript = (r: Response) =>
  r.request().resourceType() === 'script' ||
  /javascript/.test(r.headers()['content-type'] ?? '') ||
  /\.m?js(\?|$)/.test(new URL(r.url()).pathname);

/**
 * A fresh load of /login in a new browser context (empty cache), counting
 * every JavaScript response: the entry, its module preloads and the lazy
 * login chunk. The server does not compress, so each body is gzipped here
 * at level 9, which is what a compressing proxy in front would send.
 */
export function loadLoginScreen(browser: Browser, baseUrl: string): Promise<LoginScreenLoad> {
  return loadScreen(browser, baseUrl, '/login', async (page) => {
    await page.getByRole('button', { name: 'Anmelden' }).waitFor({ state: 'attached' });
  });
}

/**
 * The same for any screen: a fresh load of `path` in a new context (empty
 * cache; `localStorage` entries set before the app starts, e.g. a stored
 * session), timed until `ready` resolves, every JavaScript file counted
 * until the network is idle.
 */
export async function loadScreen(
  browser: Browser,
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  localStorage: Record<string, string> = {},
): Promise<LoginScreenLoad> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
    await context.addInitScript((entries) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      for (const [k, v] of Object.entries(entries)) storage.setItem(k, v);
    }, localStorage);
    const page = await context.newPage();
    const bodies: Promise<LoadedScript>[] = [];
    page.on('response', (r) => {
      if (!isScript(r) || r.status() !== 200) return;
      bodies.push(
        r.body().then((b) => ({
          url: new URL(r.url()).pathname,
          bytes: b.byteLength,
          gzipBytes: gzipSync(b, { level: 9 }).byteLength,
        })),
      );
    });
    const started = performance.now();
    await page.goto(`${baseUrl}${path}`);
    await ready(page);
    const formMs = performance.now() - started;
    // Anything the screen fetches right after rendering counts too.
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { scripts, gzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0), formMs };
  } finally {
    await context.close();
  }
}
