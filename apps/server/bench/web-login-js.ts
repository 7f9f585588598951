import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface LoginScreenLoad {
  /** Every JavaScript file the fresh load fetched, largest first. */
  scripts: LoadedScript[];
  gzipBytes: number;
  /** From navigation start until the login button is in the page. */
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
export async function loadLoginScreen(browser: Browser, baseUrl: string): Promise<LoginScreenLoad> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  try {
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
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor({ state: 'attached' });
    const formMs = performance.now() - started;
    // Anything the screen fetches right after rendering counts too.
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(bodies)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { scripts, gzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0), formMs };
  } finally {
    await context.close();
  }
}
