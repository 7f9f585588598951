import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the real server (built SPA, fresh PGlite data dir,
 * demo data). A second server with a short token lifetime serves the session
 * expiry test.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SHORT_PORT = PORT + 1;
const server = (port: number, extraEnv: Record<string, string>) => ({
  command: 'node --import tsx ../server/src/main.ts',
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: `../../.data-test/e2e-${port}-${process.pid}`,
    OUTBOX_DIR: `../../.data-test/outbox-${port}-${process.pid}`,
    DATABASE_URL: '',
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [server(PORT, {}), server(SHORT_PORT, { TOKEN_TTL_SECONDS: '8' })],
});

export const SHORT_SESSION_URL = `http://localhost:${SHORT_PORT}`;
