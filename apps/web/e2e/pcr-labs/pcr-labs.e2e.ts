import { MSG } from '@tz/shared/messages';
import { openFromSidebar } from '../configuration-helpers';
import { expect, expectAccessible, signIn, test } from '../fixtures';

test("products are ordered from the centre's lab and the order is listed", async ({ page, centres }) => {
  await signIn(page, centres.logins.staff);
  // the seeded lab has show_sidebar = 1
  await openFromSidebar(page, 'PCR-Labore');
  await expect(page.getByRole('heading', { name: 'PCR-Labore', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Bestellungen' }).click();
  await expect(page).toHaveURL(/\/pcr-labs\/orders$/);

  await page.getByRole('textbox', { name: 'Menge Abstrichtupfer (100 Stück)' }).fill('3');
  await page.getByRole('textbox', { name: 'Menge Versandbeutel UN 3373 (25 Stück)' }).fill('1');
  await page.getByRole('button', { name: 'Bestellen' }).click();
  await expect(page.getByText(MSG.pcrOrderSent)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '3 × Abstrichtupfer (100 Stück), 1 × Versandbeutel UN 3373' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('labor@demo.example');
  await expectAccessible(page);
});

test('an invalid e-mail of a lab is marked at its field, with the message, until it is corrected', async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.admin);
  await openFromSidebar(page, 'PCR-Labore');
  await page.getByRole('button', { name: 'Labor anlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labor anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Labor Süd');
  const email = dialog.getByRole('textbox', { name: 'E-Mail für Bestellungen' });
  await email.fill('bestellung-labor-sued');
  await dialog.getByRole('button', { name: 'Speichern' }).click();

  const message = 'Bitte eine gültige E-Mail-Adresse angeben';
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(message);
  await expect(email).toBeFocused();
  await expect(dialog.getByRole('alert')).toContainText(`„E-Mail für Bestellungen“: ${message}`);
  await expectAccessible(page);

  // still wrong while typing: the mark stays; right: it goes, and the lab is saved
  await email.pressSequentially('@labor');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.pressSequentially('.example');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Labor wurde gespeichert.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Labor Süd' })).toContainText(
    'bestellung-labor-sued@labor.example',
  );
});
