import { MSG } from '@tz/shared/messages';
import { DEMO_PASSWORD, expect, expectAccessible, loginAs, test } from '../fixtures';

const isPrompt = (r: { url(): string; request(): { method(): string } }) =>
  r.url().endsWith('/api/news/prompt') && r.request().method() === 'GET';

test("'Ignorieren' holds for the whole login session, also for page loads that do not share this browser's storage", async ({
  page,
  browser,
  centres,
}) => {
  await loginAs(page, centres.logins.admin);
  const dialog = page.getByRole('dialog', { name: 'Neuigkeiten' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: MSG.newsIgnore }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The same login session in a window with storage of its own (a saved browser state, another profile):
  // the server remembers the answer with the session.
  const session = await page.evaluate(() => localStorage.getItem('tz.session')!);
  const other = await browser.newContext({ baseURL: page.url() });
  const second = await other.newPage();
  await second.clock.install({ time: await page.evaluate(() => Date.now()) });
  await second.addInitScript((s) => localStorage.setItem('tz.session', s), session);
  const asked = second.waitForResponse(isPrompt);
  await second.goto('/');
  expect(await (await asked).json()).toEqual({ due: false });
  await expect(second.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  await expect(second.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
  await other.close();
});

test('the news prompt never opens over a screen the user already works in: the sidebar says "neu" instead', async ({
  page,
  centres,
}) => {
  // The answers about news come late (a busy server): only after the user has started typing.
  let release!: () => void;
  const late = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/news(\/|$)/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(centres.logins.admin);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Kunden und Termine suchen' });
  await search.click();
  await search.pressSequentially('Becker');

  const answered = page.waitForResponse(isPrompt);
  release();
  expect(await (await answered).json()).toEqual({ due: true });
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Neuigkeiten neu' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
  await expect(search).toHaveValue('Becker');
  await expect(search).toBeFocused();
  await expectAccessible(page);

  // reading them ends it for good: no mark, and no prompt at the next login
  await nav.getByRole('link', { name: 'Neuigkeiten neu' }).click();
  await expect(page.getByRole('heading', { name: 'Willkommen im neuen Backoffice' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Neuigkeiten', exact: true })).toBeVisible();
});
