import { MSG } from '@tz/shared/messages';
import { DEMO_PASSWORD, dismissNewsPrompt, expect, expectAccessible, loginAs, logout, signIn, test } from '../fixtures';

test("the platform admin activates the demo's inactive centre and its new administrator logs in", async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.platform);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Centerliste' }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: 'Alle Testzentren' })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(centres.inactive_centre_id), exact: true }) });
  await expect(row).toContainText('Testzentrum Neustadt (nicht aktiviert)');
  await expectAccessible(page);

  await row.getByRole('link', { name: /Benutzer anlegen und aktivieren/ }).click();
  // The list has a 'Name' field of its own (new centre): fill only once the user form is there.
  await expect(
    page.getByRole('heading', { name: `Benutzer für Testzentrum ${centres.inactive_centre_id} anlegen` }),
  ).toBeVisible();
  const email = `neustadt-admin.${centres.tag}@demo.example`;
  await page.getByLabel('Name').fill('Nora Neustadt');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Speichern und Center aktivieren' }).click();
  await expect(page.getByText(MSG.testcenterUserSaved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alle Testzentren' })).toBeVisible();
  // activated: no activation link any more, deactivation offered instead
  await expect(row.getByRole('button', { name: /^Deaktivieren/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /Benutzer anlegen/ })).toHaveCount(0);

  await logout(page);
  await loginAs(page, email);
  await dismissNewsPrompt(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Protokoll' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Centerliste' })).toHaveCount(0);
});
