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

test('a refused end date stays as typed with its reason, and Speichern refuses instead of storing "offen"', async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.pharmacy);
  await page.goto('/pharma/new/edit');
  await page.getByRole('combobox', { name: 'Kunde', exact: true }).fill('Becker');
  await page.getByRole('option', { name: /^Becker, Hildegard/ }).click();
  const saves: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/pharma/rx') && saves.push(r.url()));

  // The start defaults to today (16.06.2026); an end before it is refused at the field, not emptied.
  const end = page.getByRole('textbox', { name: 'Ende der Leistung' });
  await end.fill('10.06.2026');
  await end.press('Tab');
  await expect(end).toHaveValue('10.06.2026');
  await expect(end).toHaveAccessibleDescription(PHARMA_MSG.endBeforeStart);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Ende der Leistung: ${PHARMA_MSG.endBeforeStart}` }),
  ).toBeVisible();
  await expect(end).toBeFocused();
  await expect(end).toHaveValue('10.06.2026');
  await expect(end).toHaveAccessibleDescription(PHARMA_MSG.endBeforeStart);

  // A typed text that is no date stays as well, with its own reason.
  await end.fill('31.06.2026');
  await end.press('Tab');
  await expect(end).toHaveValue('31.06.2026');
  await expect(end).toHaveAccessibleDescription(MSG.typedDateInvalid);
  expect(saves).toEqual([]);

  // Corrected, it is saved with exactly that end.
  await end.fill('30.6.2026');
  await end.press('Tab');
  await expect(end).toHaveValue('30.06.2026');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(PHARMA_MSG.rxSaved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verordnung bearbeiten' })).toBeVisible();
  await page.reload();
  await expect(end).toHaveValue('30.06.2026');

  // Picked in the calendar (days before the start cannot be picked), then cleared: saved as open.
  await end.click();
  await expect(page.getByRole('button', { name: '15 Juni 2026' })).toBeDisabled();
  await page.getByRole('button', { name: '26 Juni 2026' }).click();
  await expect(end).toHaveValue('26.06.2026');
  await page.getByRole('button', { name: 'Ende löschen' }).click();
  await expect(end).toHaveValue('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(PHARMA_MSG.rxSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Beginn der Leistung' })).toHaveValue('16.06.2026');
  await expect(end).toHaveValue('');
});
