import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@tz/shared/messages';
import { openFromSidebar } from '../configuration-helpers';
import { expect, expectAccessible, signIn, test } from '../fixtures';

const P12 = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/src/features/settings/fixtures/test-demis.p12',
);

test('an administrator saves the settings and reaches the DEMIS section through the focus parameter', async ({
  page,
  centres,
}) => {
  // many steps on a shared two-core machine
  test.slow();
  await signIn(page, centres.logins.admin);
  await openFromSidebar(page, 'Einstellungen');
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name des Zentrums' })).toHaveValue('Testzentrum Musterstadt');
  await expectAccessible(page);

  // A required field left empty is named in the message and gets the focus, tied to its message; nothing is saved.
  const uid = page.getByRole('textbox', { name: 'Umsatzsteuer-ID' });
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);
  await uid.fill('');
  await page.getByRole('textbox', { name: 'Name des Zentrums' }).focus();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie das Feld „Umsatzsteuer-ID“' }),
  ).toBeVisible();
  await expect(uid).toBeFocused();
  await expect(uid).toHaveAttribute('aria-invalid', 'true');
  await expect(uid).toHaveAccessibleDescription('Umsatzsteuer-ID ist ein Pflichtfeld');
  // The save bar stays in sight; leaving with unsaved changes asks first.
  await expect(page.getByRole('button', { name: 'Einstellungen speichern' })).toBeInViewport();
  await openFromSidebar(page, 'Dienstleistungen');
  const leave = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await leave.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await uid.fill('DE123456789');
  await page.getByRole('textbox', { name: 'Servicezeiten' }).fill('Mo–So 7–21 Uhr');
  await page.getByRole('switch', { name: 'Zahlungsklassifikation vor Ergebnis erzwingen' }).check();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText(MSG.settingsSaved)).toBeVisible();
  await expect(page.getByText('Ungespeicherte Änderungen')).toHaveCount(0);

  await page.goto('/settings/DEMIS');
  const demis = page.getByRole('heading', { name: 'DEMIS', level: 2 });
  await expect(demis).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Servicezeiten' })).toHaveValue('Mo–So 7–21 Uhr');
  await expect(page.getByRole('switch', { name: 'Zahlungsklassifikation vor Ergebnis erzwingen' })).toBeChecked();
  await expect(page.getByText('Hinterlegtes Zertifikat: keines')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(P12);
  await page.getByLabel('Passwort des Zertifikats').fill('geheim');
  await page.getByRole('button', { name: 'Zertifikat hochladen' }).click();
  await expect(page.getByText(MSG.uploaded, { exact: true })).toBeVisible();
  await expect(page.getByText('Hinterlegtes Zertifikat: test-demis.p12')).toBeVisible();
  await expectAccessible(page);
});

test('a staff member sees "Keine Berechtigung" instead of the settings', async ({ page, centres }) => {
  // many steps on a shared two-core machine
  test.slow();
  await signIn(page, centres.logins.staff);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Keine Berechtigung' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.noPermissionPage })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name des Zentrums' })).toHaveCount(0);
  await expectAccessible(page);
});
