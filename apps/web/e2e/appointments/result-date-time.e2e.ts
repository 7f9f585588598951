import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { expect, expectAccessible, signIn, test } from '../fixtures';

// Login and the 30-day list first: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

async function openResultDialog(page: Page, name: string, button: string) {
  await row(page, name).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Ergebnis eintragen' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the result date is one German field (TT.MM.JJJJ HH:mm, one Tab stop); a refused one is never saved', async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.staff);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Heute' }).click();
  await expect(row(page, 'Max Mustermann')).toBeVisible();

  // Opened at E2E_NOW (16.06.2026 10:20 in Berlin, the browser's zone): written the German way, 24 h.
  let dialog = await openResultDialog(page, 'Max Mustermann', 'Ergebnis eintragen');
  const when = dialog.getByRole('textbox', { name: 'Ergebnisdatum' });
  await expect(when).toHaveValue('16.06.2026 10:20');
  await expectAccessible(page);

  // One Tab stop: from the field the next Tab is on the dialog's buttons.
  await when.focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();

  // A typed time that is none stays as typed with its reason; 'Speichern' does not save the old one.
  await dialog.getByRole('radio', { name: 'Negativ' }).check();
  await when.fill('16.06.2026 25:00');
  await when.press('Tab');
  await expect(when).toHaveAccessibleDescription(MSG.typedDateTimeInvalid);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(when).toBeFocused();
  await expect(when).toHaveValue('16.06.2026 25:00');
  await expect(when).toHaveAccessibleDescription(MSG.typedDateTimeInvalid);
  await expect(dialog).toBeVisible();

  // Corrected (one digit hours are fine), it is saved with exactly that time.
  await when.fill('16.06.2026 9:45');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openResultDialog(page, 'Max Mustermann', 'Ergebnis ändern');
  await expect(dialog.getByRole('textbox', { name: 'Ergebnisdatum' })).toHaveValue('16.06.2026 09:45');
});
