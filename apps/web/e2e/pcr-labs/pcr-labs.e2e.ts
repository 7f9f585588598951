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
