import type { Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { expect, expectAccessible, signIn, type TestCentres, test } from '../fixtures';

/** The official form of the test's own seeded ÖGD appointment (apps/server/src/demo/receipts.demo.ts). */
async function openOegdForm(page: Page, centres: TestCentres) {
  const TOKEN = centres.tokens.oegd;
  await signIn(page, centres.logins.staff);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('tz.session') ?? '{}'));
  const staffId = session.login.bookly_staff_id as number;
  const res = await page.request.get(`/api/staff/${staffId}/oegd/handoff/${TOKEN}`, {
    headers: { authorization: `Bearer ${session.login.token}` },
  });
  expect(res.ok()).toBe(true);
  const { customer_id } = (await res.json()) as { customer_id: number };
  await page.goto(`/customer/${customer_id}/create-oegd/${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Amtliches Testformular (ÖGD)' })).toBeVisible();
  await closeNewsPromptWhenItComes(page);
  return { staffId, customerId: customer_id, token: TOKEN };
}

/** The news prompt loads after login and may open late; it would cover the form. */
async function closeNewsPromptWhenItComes(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Neuigkeiten' });
  if (
    await prompt.waitFor({ state: 'visible', timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    await prompt.getByRole('button', { name: MSG.newsIgnore }).click();
    await expect(prompt).toHaveCount(0);
  }
}

async function chooseGender(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Geschlecht' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('the official form checks gender and KV special number, then opens the PDF preview in a new window', async ({
  page,
  context,
  centres,
}) => {
  await openOegdForm(page, centres);
  await expect(page.getByText('Greta Gesund')).toBeVisible();
  await expectAccessible(page);

  // Gender missing: the spec's message and the general hint.
  await chooseGender(page, 'fehlt');
  await page.getByRole('button', { name: 'Vorschau' }).click();
  await expect(page.getByText(MSG.genderRequired)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.checkFormHint })).toBeVisible();
  await expectAccessible(page);

  // The gender is saved at once: after a reload it is still there.
  const saved = page.waitForResponse((r) => r.url().includes('/oegd/customer-gender') && r.ok());
  await chooseGender(page, 'W');
  await saved;
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Geschlecht' })).toHaveValue('W');

  // Regional special agreement needs exactly 5 digits.
  await page.getByRole('radio', { name: 'Regionale Sondervereinbarung' }).check();
  await page.getByLabel('KV-Sonderziffer').fill('123');
  await page.getByRole('button', { name: 'Vorschau' }).click();
  await expect(page.getByText(MSG.kvNumberRequired)).toBeVisible();

  await page.getByLabel('KV-Sonderziffer').fill('12345');
  await page.getByRole('radio', { name: /Ausbruch/ }).check();
  await page.getByRole('checkbox', { name: /Tätigkeit in Pflege- und Wohneinrichtungen/ }).check();
  const preview = context.waitForEvent('response', (r) => r.url().includes('/api/public/oegd/preview/'));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Vorschau' }).click();
  await popup;
  const response = await preview;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.request().method()).toBe('POST');
  const posted = new URLSearchParams(response.request().postData() ?? '');
  expect(posted.get('token')).toBe(centres.tokens.oegd);
  expect(posted.get('iShowBackground')).toBe('1');
  expect(posted.get('jwt')).toBeTruthy();
  await expect(page.getByText(MSG.kvNumberRequired)).toHaveCount(0);

  // Saved: the values come back after a reload.
  await page.reload();
  await expect(page.getByLabel('KV-Sonderziffer')).toHaveValue('12345');
  await expect(page.getByRole('checkbox', { name: /Tätigkeit in Pflege- und Wohneinrichtungen/ })).toBeChecked();
});

test('a gender change the server refuses is reverted', async ({ page, centres }) => {
  await openOegdForm(page, centres);
  await chooseGender(page, 'M');
  await expect(page.getByRole('combobox', { name: 'Geschlecht' })).toHaveValue('M');
  await page.route('**/oegd/customer-gender', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"INTERNAL","message":"Etwas ist schief gelaufen"}',
    }),
  );
  await chooseGender(page, 'D (divers)');
  await expect(page.getByText(MSG.errorTitle)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Geschlecht' })).toHaveValue('M');
});

test('an official form that cannot be loaded shows the error with the server message', async ({ page, centres }) => {
  await signIn(page, centres.logins.staff);
  await page.goto('/customer/1/create-oegd/gibt-es-nicht');
  await expect(page.getByRole('alert')).toContainText(`${MSG.genericErrorBang} ${MSG.appointmentNotFound}`);
  await expectAccessible(page);
});
