import type { Page } from '@playwright/test';

/** Opens a screen through the sidebar, then moves the pointer away (a hovered link is no screen state). */
export async function openFromSidebar(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: label }).click();
  await page.mouse.move(1200, 780);
}
