import type { Page } from '@playwright/test';
import { MSG, searchHeading } from '@tz/shared/messages';
import { apiAs, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';
import { profile } from './corona-app-profile';

/**
 * A hand scanner (keyboard wedge): every character a keydown on the focused
 * field, lines ended by Enter, all within the 50 ms a scan has per key (sent
 * at once in the page, so a busy machine cannot stretch the gaps).
 */
async function handScan(page: Page, lines: string[]) {
  await page.getByRole('textbox', { name: 'Kunden und Termine suchen' }).focus();
  await page.evaluate(
    (keys) => {
      for (const key of keys) {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      }
    },
    lines.flatMap((l) => [...l, 'Enter']),
  );
}

test('header search finds a customer and repeats after a change; hand-scanned profiles open the customer or the prefilled create form', async ({
  page,
  request,
  centres,
}) => {
  test.slow();
  const api = await apiAs(request, centres.logins.admin);
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active)!;
  const { customer_id } = await api.post<{ customer_id: number }>('/appointments/with-customer', {
    staff_id: api.staffId,
    service_id: service.id,
    date: workdayAhead(2),
    time: '09:00',
    first_name: 'Jürgen',
    last_name: 'Suchgroß',
    birthday: '1962-03-08',
    number_of_new_appointments: 1,
  });

  await signIn(page, centres.logins.admin);
  const box = page.getByRole('textbox', { name: 'Kunden und Termine suchen' });
  await box.fill('Suchgross');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: searchHeading('Suchgross') })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jürgen Suchgroß' })).toBeVisible();
  const actions = page.getByRole('group', { name: 'Aktionen für Jürgen Suchgroß' });
  await expect(actions).toBeVisible();
  await expectAccessible(page);

  // changing the payment classification repeats the search
  const repeated = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/search'));
  await actions.getByRole('combobox', { name: 'Zahlungsklassifikation' }).click();
  await page.getByRole('option').filter({ hasNotText: MSG.noSelection }).first().click();
  const confirm = page.getByRole('button', { name: 'Ja, geprüft' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await repeated;

  await box.fill('Niemand Gibtsnicht');
  await box.press('Enter');
  await expect(page.getByText(MSG.noSearchResults)).toBeVisible();

  // a known person: their edit screen
  await handScan(page, profile('Jürgen', 'Suchgroß', '19620308'));
  await expect(page).toHaveURL(new RegExp(`/customer/${customer_id}/edit$`));
  await expect(box).toHaveValue('');

  // an unknown person: the create form, prefilled from the profile
  await handScan(page, profile('Nora', 'Scanneu', '19900101'));
  await expect(page.getByText(MSG.customerNotFound)).toBeVisible();
  await expect(page).toHaveURL(/\/appointment\/customer\/create$/);
  await expect(page.getByLabel('Vorname')).toHaveValue('Nora');
  await expect(page.getByLabel('Nachname')).toHaveValue('Scanneu');
  await expect(page.getByLabel('Postleitzahl')).toHaveValue('06667');
});
