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
  // Right after a logout the app reloads itself; that reload may abort this navigation once.
  await page.goto(url).catch(async (e: unknown) => {
    if (!String(e).includes('ERR_ABORTED')) throw e;
    await page.goto(url);
  });
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Dismisses the news prompt. It opens only once the news have loaded after a
 * fresh login, so wait briefly for it; users who have seen the news get none.
 */
export async function dismissNewsPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Neuigkeiten' });
  const opened = await prompt.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (!opened) return;
  await prompt.getByRole('button', { name: 'Ignorieren' }).click();
  await expect(prompt).toBeHidden();
}

/** Fails on serious or critical accessibility violations of the current screen. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base;
export { expect };
