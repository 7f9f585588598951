import type { Page } from '@playwright/test';
import { loginAs } from './fixtures';

/**
 * Logs in and closes the news prompt, which opens a moment after the landing
 * page (waiting for it avoids a race with dismissNewsPrompt's instant check).
 */
export async function loginWithoutNews(page: Page, email: string) {
  await loginAs(page, email);
  const prompt = page.getByRole('dialog', { name: 'Neuigkeiten' });
  await prompt
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(() => prompt.getByRole('button', { name: 'Ignorieren' }).click())
    .catch(() => undefined);
  await prompt.waitFor({ state: 'hidden' });
}

/** Opens a screen through the sidebar, then moves the pointer away (a hovered link is no screen state). */
export async function openFromSidebar(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: label }).click();
  await page.mouse.move(1200, 780);
}
