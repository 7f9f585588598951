import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the real server (built SPA, PGlite). Each worker
 * starts a server of its own (e2e/server.ts), every test sets the server's and
 * the browser's clock to E2E_NOW and works in centres the test API makes for
 * it, so tests run in any order and in parallel. No retry, ever: a flaky test is a
 * defect to fix.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retry setting: Playwright's default is none, and a flaky test is a defect to fix, not to retry.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace with DOM snapshots; the screencast is left out, since recording
    // frames for every test costs the browser more CPU than the test itself on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    // Also turns off the app's transitions (theme: respectReducedMotion), so nothing waits for them.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
