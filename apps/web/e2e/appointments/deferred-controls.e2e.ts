import type { Page, Request } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { expect, holdRequests, signIn, test } from '../fixtures';

/**
 * Issue 28: the list's rows draw stand-ins for their select, menus, popover and tooltip, and the
 * layout loads its dialogs' provider with the first key or click (ui/deferred.tsx, ui/modals-host.tsx). These
 * tests hold that nothing of it is downloaded before it is used, and that every control still works
 * by pointer and by keyboard from its first use on.
 */
test.describe.configure({ timeout: 120_000 });

/** The chunks of the deferred controls (Vite names a chunk after its module). */
const DEFERRED =
  /\/assets\/(classification-select|locked-result-tooltip|handoff-menu|appointment-groups-popover|profile-menu|range-picker)-[\w-]+\.js$/;

async function openToday(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await page.mouse.move(700, 790);
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Heute', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Heute', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

const SELECT_CHUNK = /\/assets\/classification-select-[\w-]+\.js$/;

/**
 * From the focused card, Tab through its own controls (a handful: status, check-in) up to the
 * classification field. Asked of the page, not of a locator: the field is replaced by the select
 * while it has the focus.
 */
async function tabToClassification(page: Page) {
  const onField = () => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup') === 'listbox');
  for (let i = 0; i < 6 && !(await onField()); i++) await page.keyboard.press('Tab');
  expect(await onField()).toBe(true);
}

test('the list is drawn without its rows’ select, menus, popover and tooltip; each loads on first use and works at once', async ({
  page,
  centres,
}) => {
  const deferred: string[] = [];
  page.on('request', (r: Request) => {
    const m = DEFERRED.exec(new URL(r.url()).pathname);
    if (m) deferred.push(m[1]!);
  });
  await openToday(page, centres.logins.admin);
  const erika = row(page, 'Erika Mustermann');
  await expect(erika).toBeVisible();
  expect(deferred).toEqual([]);

  // The classification by pointer: one click shows the options.
  const field = erika.getByRole('combobox', { name: 'Zahlungsklassifikation' });
  await expect(field).toHaveValue(MSG.noSelection);
  await field.click();
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeVisible();
  expect(deferred).toContain('classification-select');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeHidden();
  await expect(field).toHaveValue(MSG.noSelection);

  // The locked result's tooltip on the first pointing.
  await erika.getByRole('button', { name: 'Ergebnis gesperrt' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(MSG.forcedClassificationLock);
  await page.mouse.move(700, 790);
  await expect(page.getByRole('tooltip')).toBeHidden();

  // The groups popover with its field on the first click.
  await erika.getByRole('button', { name: /^Gruppen/ }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Gruppen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The profile menu by keyboard: Enter on its button opens it with its entries.
  await page.getByRole('button', { name: /Profilmenü/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Mein Zugang' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Mein Zugang' })).toBeHidden();

  // The range picker: one click opens the calendar.
  await page.getByRole('button', { name: 'Zeitraum', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(new Set(deferred)).toEqual(
    new Set([
      'classification-select',
      'locked-result-tooltip',
      'appointment-groups-popover',
      'profile-menu',
      'range-picker',
    ]),
  );
});

test('the classification field reached by Tab is the select itself: arrows open it, Tab goes on to the next control', async ({
  page,
  centres,
}) => {
  await openToday(page, centres.logins.admin);
  const erika = row(page, 'Erika Mustermann');
  const card = erika.getByRole('group').first();
  await card.focus();
  const field = erika.getByRole('combobox', { name: 'Zahlungsklassifikation' });
  await tabToClassification(page);
  await expect(field).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeHidden();
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(erika.getByRole('button', { name: 'Ergebnis gesperrt' })).toBeFocused();
});

const PROVIDER_CHUNK = /\/assets\/modals-provider-[\w-]+\.js$/;

test('a fresh load of the list fetches no dialogs’ code; the first key or click does', async ({ page, centres }) => {
  const asked: string[] = [];
  page.on('request', (r: Request) => {
    if (PROVIDER_CHUNK.test(new URL(r.url()).pathname)) asked.push(r.url());
  });
  await signIn(page, centres.logins.admin);
  await page.goto('/appointments');
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  const arrived = page.waitForResponse(PROVIDER_CHUNK);
  await page.keyboard.press('Shift');
  await arrived;
  expect(asked).toHaveLength(1);
});

test('a confirmation asked before the dialogs’ code arrived opens once it has; the list did not wait for it', async ({
  page,
  centres,
}) => {
  const provider = await holdRequests(page, PROVIDER_CHUNK);
  await openToday(page, centres.logins.admin);
  const erika = row(page, 'Erika Mustermann');
  await erika.getByRole('button', { name: 'Beleg senden' }).click();
  expect(provider.asked()).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  provider.release();
  const confirm = page.getByRole('dialog', { name: 'Beleg versenden' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Nein' }).click();
  await expect(confirm).toBeHidden();
});

test('Tab past the classification field while its code is still coming: the focus stays where the person went', async ({
  page,
  centres,
}) => {
  const { release } = await holdRequests(page, SELECT_CHUNK);
  await openToday(page, centres.logins.admin);
  const erika = row(page, 'Erika Mustermann');
  await erika.getByRole('group').first().focus();
  await tabToClassification(page);
  await page.keyboard.press('Tab');
  const locked = erika.getByRole('button', { name: 'Ergebnis gesperrt' });
  await expect(locked).toBeFocused();
  const arrived = page.waitForResponse(SELECT_CHUNK);
  release();
  // The select's code arrives; the field stays its stand-in, and the focus where it went.
  await arrived;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(locked).toBeFocused();
  // Back with Shift+Tab: now the select itself, focused, opened by ArrowDown.
  await page.keyboard.press('Shift+Tab');
  await expect(erika.getByRole('combobox', { name: 'Zahlungsklassifikation' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: MSG.noSelection })).toBeVisible();
});
