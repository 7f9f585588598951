import { MSG } from '@tz/shared/messages';
import { openFromSidebar } from '../configuration-helpers';
import { E2E_NOW, expect, expectAccessible, signIn, test } from '../fixtures';

test('opening hours with a break are saved, and a break outside the hours is refused', async ({ page, centres }) => {
  // many steps on a shared two-core machine
  test.slow();
  await signIn(page, centres.logins.manager);
  await openFromSidebar(page, 'Öffnungszeiten');
  await expect(page.getByRole('heading', { name: 'Öffnungszeiten', level: 1 })).toBeVisible();
  await expect(page.getByText(MSG.openingHoursInfo)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Montag Beginn' })).toHaveValue('08:00');
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Sonntag Beginn' }).fill('10:00');
  await page.getByRole('textbox', { name: 'Sonntag Ende' }).fill('16:00');
  await page.getByRole('textbox', { name: 'Sonntag Pause 1 Beginn' }).fill('17:00');
  await page.getByRole('textbox', { name: 'Sonntag Pause 1 Ende' }).fill('17:30');
  await page.getByRole('button', { name: MSG.openingHoursSave }).click();
  const error = page.getByRole('dialog', { name: MSG.errorTitle });
  // The refusal names the field as the screen labels it, never an internal key, and marks and focuses it.
  await expect(error).toContainText(`${MSG.genericErrorColon}Sonntag Pause 1 Beginn: ${MSG.breakOutsideHours}`);
  await expect(error).not.toContainText('schedule_items');
  await error.getByRole('button', { name: 'OK' }).click();
  const marked = page.getByRole('textbox', { name: 'Sonntag Pause 1 Beginn' });
  await expect(marked).toHaveAttribute('aria-invalid', 'true');
  await expect(marked).toBeFocused();

  // 25:00 is refused the same way, by the weekday's label.
  await page.getByRole('textbox', { name: 'Montag Beginn' }).fill('25:00');
  await page.getByRole('button', { name: MSG.openingHoursSave }).click();
  await expect(error).toContainText('Montag Beginn: Bitte Uhrzeiten im Format HH:MM angeben');
  await expect(error).not.toContainText('schedule_items');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('textbox', { name: 'Montag Beginn' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Montag Beginn' }).fill('08:00');

  await page.getByRole('textbox', { name: 'Sonntag Beginn' }).fill('10:00');
  await page.getByRole('textbox', { name: 'Sonntag Pause 1 Beginn' }).fill('12:00');
  await page.getByRole('textbox', { name: 'Sonntag Pause 1 Ende' }).fill('12:30');
  await page.getByRole('button', { name: MSG.openingHoursSave }).click();
  const ok = page.getByRole('dialog', { name: MSG.updated });
  await expect(ok).toContainText(MSG.scheduleSaved);
  await expectAccessible(page);
  await ok.getByRole('button', { name: 'OK' }).click();

  // OK reloads the page: the saved values come from the server.
  await expect(page.getByRole('textbox', { name: 'Sonntag Pause 1 Ende' })).toHaveValue('12:30');
  await expect(page.getByRole('textbox', { name: 'Sonntag Ende' })).toHaveValue('16:00');
});

test('a special day is entered and listed under the opening hours', async ({ page, centres }) => {
  // many steps on a shared two-core machine
  test.slow();
  const year = new Date(E2E_NOW).getFullYear() + 1;
  await signIn(page, centres.logins.manager);
  await openFromSidebar(page, 'Öffnungszeiten');
  await page.getByRole('link', { name: 'Abweichende Öffnungszeiten eintragen' }).click();
  await expect(page.getByRole('heading', { name: 'Abweichende Öffnungszeiten' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Tag 1 Datum' }).fill(`07.07.${year}`);
  await page.getByRole('textbox', { name: 'Tag 1 Beginn' }).fill('09:00');
  await page.getByRole('textbox', { name: 'Tag 1 Ende' }).fill('13:00');
  await page.getByRole('button', { name: MSG.saveDays }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MSG.daysSaved);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/openingHours$/);
  const row = page.getByRole('row').filter({ hasText: `07.07.${year}` });
  await expect(row).toContainText('09:00–13:00');

  await row.getByRole('button', { name: `Tag 07.07.${year} löschen` }).click();
  await expect(page.getByText(MSG.deleteDayConfirm)).toBeVisible();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.holidayDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `07.07.${year}` })).toHaveCount(0);
});

test('a holiday is added among empty pickers and deleted after confirmation', async ({ page, centres }) => {
  // many steps on a shared two-core machine
  test.slow();
  const year = new Date(E2E_NOW).getFullYear() + 1;
  await signIn(page, centres.logins.manager);
  await openFromSidebar(page, 'Feiertage');
  await expect(page.getByRole('heading', { name: 'Feiertage', level: 1 })).toBeVisible();
  await expect(page.getByText(MSG.holidaysAtOnce)).toBeVisible();
  await expectAccessible(page);

  // A typed day that does not exist stays as typed with its reason, and nothing is saved in its place.
  const first = page.getByRole('textbox', { name: 'Feiertag 1' });
  await first.fill(`31.02.${year}`);
  await page.getByRole('textbox', { name: 'Feiertag 3' }).fill(`15.08.${year}`);
  await page.getByRole('button', { name: 'Feiertage speichern' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Feiertag 1: ${MSG.typedDateInvalid}` })).toBeVisible();
  await expect(first).toBeFocused();
  await expect(first).toHaveValue(`31.02.${year}`);
  await expect(first).toHaveAccessibleDescription(MSG.typedDateInvalid);
  await expect(page.getByRole('row').filter({ hasText: `15.08.${year}` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Feiertag 1 entfernen' }).click();
  await expect(first).toHaveValue('');
  await page.getByRole('button', { name: 'Feiertage speichern' }).click();
  await expect(page.getByText(MSG.holidaysUpdated)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `15.08.${year}` });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Feiertag 15.08.${year} löschen` }).click();
  await expect(page.getByText(MSG.deleteHolidayConfirm)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.holidayDeleted)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `15.08.${year}` })).toHaveCount(0);
});
