import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  platform: 'plattform@demo.example',
  admin: 'admin@demo.example',
  manager: 'leitung@demo.example',
  staff: 'mitarbeiter@demo.example',
  vaccinationAdmin: 'impf-admin@demo.example',
} as const;

/** Logs in through the real login form, as a person would. */
export async function loginAs(page: Page, email: string, baseURL?: string) {
  const url = `${baseURL ?? ''}/login`;
  // A navigation the app started itself (logout reloads to /login) may abort ours: go again.
  await page.goto(url).catch(async (err: Error) => {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(err.message)) throw err;
    await page.waitForLoadState();
    await page.goto(url);
  });
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  // The layout loads the news right after login; the prompt can only open once they are here.
  const news = page.waitForResponse((r) => r.url().endsWith('/api/news') && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await news;
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
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base;
export { expect };
