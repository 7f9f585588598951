import { MSG } from '@tz/shared/messages';
import { openFromSidebar } from '../configuration-helpers';
import { expect, expectAccessible, signIn, test } from '../fixtures';

test('a manager creates a custom service and activates it in the list', async ({ page, centres }) => {
  // many steps on a shared two-core machine
  test.slow();
  const title = `Impfberatung ${Date.now()}`;
  await signIn(page, centres.logins.manager);
  await openFromSidebar(page, 'Dienstleistungen');
  await expect(page.getByRole('heading', { name: 'Dienstleistungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Antigen-Schnelltest Selbstzahler aktiv' })).toBeVisible();
  await expectAccessible(page);

  // Fewer than 20 rows: paging is disabled.
  await expect(page.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Eigene Dienstleistungen' }).click();
  await page.getByRole('link', { name: 'Neue Dienstleistung erstellen' }).click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page.getByRole('textbox', { name: 'Preis in Euro' }).fill('24,50');
  await page.getByRole('textbox', { name: 'Termindauer in Minuten' }).fill('25');
  await page.getByRole('textbox', { name: 'Maximale Plätze' }).fill('3');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.serviceCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  // New custom services are inactive until selected in the list.
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('textbox', { name: `Minuten ${title}` })).toHaveValue('25');
  const active = page.getByRole('checkbox', { name: `${title} aktiv` });
  await expect(active).not.toBeChecked();
  await active.check();
  await page.getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(page.getByText(MSG.selectionSaved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: `${title} aktiv` })).toBeChecked();
  await page.getByRole('tab', { name: 'Eigene Dienstleistungen' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('aktiv');

  // Edit: minutes on screen, seconds on the wire; the form shows the saved minutes again.
  await page.getByRole('link', { name: `${title} bearbeiten` }).click();
  await expect(page.getByRole('textbox', { name: 'Termindauer in Minuten' })).toHaveValue('25 Min.');
  await page.getByRole('textbox', { name: 'Minimale Plätze' }).fill('5');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die minimalen Plätze dürfen nicht größer als die maximalen Plätze sein.')).toBeVisible();
});
