import type { Request } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

/** The appointments screen's own chunk (Vite names a chunk after its module). */
const LIST_CODE = /\/assets\/appointments-page-[\w-]+\.js$/;
const isListCode = (r: Request) => LIST_CODE.test(new URL(r.url()).pathname);

test("the list's code arrives while the first screen is idle; 'Termine' then opens without asking for it", async ({
  page,
  centres,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (isListCode(r)) asked.push(r.url());
  });
  const arrived = page.waitForResponse((r) => isListCode(r.request()));
  await signIn(page, centres.logins.staff);
  await expect(page).not.toHaveURL(/\/appointments/);
  await arrived;
  expect(asked).toHaveLength(1);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible();
  expect(asked).toHaveLength(1);
});
