import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { expect, expectAccessible, signIn, test } from '../fixtures';

/** Today's list with Paul Positiv's row: a positive result, not yet reported (the seeded centre has no certificate). */
async function paulsRow(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await page.mouse.move(700, 790);
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Heute' }).click();
  // Narrowed to the ÖGD test, as a person would look for it: Paul's row is in view.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Dienstleistung' }).click();
  await page.getByRole('option', { name: 'Bürgertest ÖGD (Antigen)' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Paul Positiv' });
  await expect(row).toBeVisible();
  return row;
}

test('staff are told to ask their administration when the DEMIS settings are incomplete', async ({ page, centres }) => {
  const row = await paulsRow(page, centres.logins.staff);
  await row.getByRole('button', { name: 'An DEMIS melden' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.missingDemisSettings });
  await expect(dialog).toContainText(MSG.missingDemisSettingsAskAdmin);
  // what is missing, by name (the seeded centre has everything but the certificate)
  await expect(dialog.getByRole('list', { name: MSG.missingDemisSettingsList }).getByRole('listitem')).toHaveText([
    'DEMIS-Zertifikat (.p12)',
  ]);
  await expect(dialog.getByRole('button', { name: MSG.openSettings })).toHaveCount(0);
  await expectAccessible(page);
  // The dialog's own button (the title bar has a close icon of the same name).
  await dialog.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(dialog).toBeHidden();
});

test('an administrator is offered the DEMIS section of the settings', async ({ page, centres }) => {
  const row = await paulsRow(page, centres.logins.admin);
  await row.getByRole('button', { name: 'An DEMIS melden' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.missingDemisSettings });
  await dialog.getByRole('button', { name: MSG.openSettings }).click();
  await expect(page).toHaveURL(/\/settings\/demis$/i);
  await expect(page.getByRole('heading', { name: 'DEMIS', level: 2 })).toBeInViewport();
});
