import { MSG } from '@tz/shared/messages';
import { PHARMA_MSG } from '@tz/shared/pharma/pharma.contract';
import { openFromSidebar } from '../configuration-helpers';
import { expect, expectAccessible, signIn, test } from '../fixtures';

test('a pharmacy user creates a prescription with a usage and sees it in the month list', async ({ page, centres }) => {
  await signIn(page, centres.logins.pharmacy);
  await openFromSidebar(page, 'Dauerverordnungen');
  await expect(page.getByRole('heading', { name: 'Dauerverordnungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dieser Monat' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  // A new prescription for a customer of the pharmacy (issue and start default to today, 16.06.2026).
  await page.getByRole('link', { name: 'Neue Verordnung' }).click();
  await page.getByRole('combobox', { name: 'Kunde', exact: true }).fill('Becker');
  await page.getByRole('option', { name: /^Becker, Hildegard/ }).click();
  await page.getByLabel('Notizen').fill('Lieferung an die Tochter');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(PHARMA_MSG.rxSaved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verordnung bearbeiten' })).toBeVisible();

  // One usage with one product from the catalogue: 8,90 € net, 10,59 € incl. 19 % VAT.
  await page.getByRole('link', { name: 'Neue Abgabe' }).click();
  await page.getByRole('combobox', { name: 'Produkt aus dem Katalog hinzufügen' }).click();
  await page.getByRole('option', { name: /Einmalhandschuhe Nitril/ }).click();
  await expect(page.getByLabel('PZN 1')).toHaveValue('04595987');
  await expect(page.getByText('Gesamtpreis inkl. MwSt.: 10,59 €')).toBeVisible();
  // Words, not field names (issue 26 item 5): the headers are the catalogue's labels, no key anywhere on the screen.
  await expect(page.getByRole('table', { name: 'Produkte der Abgabe' }).getByRole('columnheader')).toHaveText([
    'Bezeichnung',
    'Kundenpreis',
    'Preis (netto)',
    'PZN',
    'Aktion',
  ]);
  expect(await page.getByRole('main').textContent()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(PHARMA_MSG.usageSaved)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Abgaben der Verordnung' })).toContainText('16.06.2026');

  // The month list shows it with customer, issue date, picking date and note.
  await openFromSidebar(page, 'Dauerverordnungen');
  const entry = page
    .getByRole('article', { name: 'Verordnung Becker, Hildegard' })
    .filter({ hasText: 'Lieferung an die Tochter' });
  await expect(entry).toContainText('Ausgestellt am 16.06.2026');
  await expect(entry).toContainText('Kommissioniert am 16.06.2026');

  // The seeded inactive prescription lies under the overlay until activated.
  const inactive = page.getByRole('article', { name: 'Verordnung Vogel, Ingrid' });
  await expect(inactive.getByText(MSG.rxInactive)).toBeVisible();
  await inactive.getByRole('button', { name: MSG.rxActivate }).click();
  await expect(page.getByText(PHARMA_MSG.rxActivated)).toBeVisible();
  await expect(inactive.getByText(MSG.rxInactive)).toHaveCount(0);
});
