import { MSG } from '@tz/shared/messages';
import { apiAs, expect, expectAccessible, logout, signIn, test } from '../fixtures';

const noPermission = async (page: import('@playwright/test').Page) => {
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.noPermissionPage })).toBeVisible();
};

test('staff (30) get "Keine Berechtigung" instead of the forms of other roles, and no sidebar entry to them', async ({
  page,
  request,
  centres,
}) => {
  test.slow();
  const { staffId } = await apiAs(request, centres.logins.staff);
  await signIn(page, centres.logins.staff);
  for (const path of [
    `/staff/${staffId}/users`,
    '/user/create',
    `/staff/${staffId}/products/create`,
    `/staff/${staffId}/specialDays`,
    `/staff/${staffId}/holidays`,
    '/settings',
  ]) {
    await page.goto(path);
    await noPermission(page);
    await expect(
      page.getByRole('button', { name: /Benutzer hinzufügen|Tage speichern|Feiertage speichern/ }),
    ).toHaveCount(0);
  }
  await expectAccessible(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  for (const entry of ['Benutzerverwaltung', 'Dienstleistungen', 'Feiertage', 'Einstellungen']) {
    await expect(nav.getByRole('link', { name: entry })).toHaveCount(0);
  }
});

test('a manager (25) works on users but not on the settings or the account; an administrator not on the centre list', async ({
  page,
  request,
  centres,
}) => {
  const { staffId } = await apiAs(request, centres.logins.manager);
  await signIn(page, centres.logins.manager);
  await page.goto('/settings');
  await noPermission(page);
  await page.goto(`/staff/${staffId}/account`);
  await noPermission(page);
  await page.goto(`/staff/${staffId}/users`);
  await expect(page.getByRole('link', { name: 'Benutzer hinzufügen' })).toBeVisible();

  await logout(page);
  await signIn(page, centres.logins.admin);
  await page.goto('/testcenter/all');
  await noPermission(page);
});
