import { type APIRequestContext, devices, type Page } from '@playwright/test';
import { MSG } from '@tz/shared/messages';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { apiAs, E2E_NOW, expect, expectAccessible, signIn, test } from '../fixtures';

/** Logs in and closes the news prompt, which would cover the dialogs. */
async function login(page: Page, email: string) {
  await signIn(page, email);
}

/** The full appointment number of a seeded token, from the appointments list as the screen loads it. */
async function caiOf(request: APIRequestContext, email: string, token: string) {
  const api = await apiAs(request, email);
  const at = Math.floor(Date.parse(E2E_NOW) / 1000);
  const rows = await api.appointments({
    startdate: at - 2 * 86_400,
    enddate: at + 2 * 86_400,
  });
  return String(rows.find((r) => r.token === token)!.customer_appointment_id);
}

/** Opens the QR dialog of an appointment and returns its form link; the dialog shows the number as a person reads it. */
async function openQr(page: Page, token: string, cai: string) {
  await page.goto(`/appointments/check-in-qr-code/${token}`);
  const dialog = page.getByRole('dialog', { name: 'QR-Code zum Fragebogen' });
  await expect(dialog.getByRole('img', { name: 'QR-Code mit dem Link zum Fragebogen' })).toBeVisible();
  const href = await dialog.getByRole('link', { name: /\/check-in\/\d+\// }).getAttribute('href');
  expect(href).toMatch(/\/check-in\/\d+\//);
  await expect(dialog.getByText(`Termin-Nr. ${displayCustomerAppointmentId(cai)}`)).toBeVisible();
  return { dialog, href: href!, cai };
}

test('a customer fills the form from the QR link on a phone; staff then sees the answers read-only', async ({
  page,
  browser,
  baseURL,
  request,
  centres,
}) => {
  // The whole journey of two people in one test: give it room on a loaded machine.
  test.slow();
  const cai = await caiOf(request, centres.logins.admin, centres.tokens.form_open);
  await login(page, centres.logins.admin);
  const qr = await openQr(page, centres.tokens.form_open, cai);
  await expect(qr.dialog.getByText('Fragebogen: noch nicht ausgefüllt')).toBeVisible();
  await expectAccessible(page);

  // The customer, logged out, on a phone.
  const phone = await browser.newContext({
    ...devices['Pixel 5'],
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  await phone.clock.install({ time: new Date(E2E_NOW) });
  const p = await phone.newPage();
  await p.goto(qr.href);
  await expect(p.getByRole('heading', { name: 'Fragebogen zum Corona-Test' })).toBeVisible();
  // The customer sees whom they answer: the centre's name and contact, also in the tab title.
  await expect(p).toHaveTitle('Fragebogen zum Corona-Test – Testzentrum Musterstadt');
  const centre = p.getByRole('region', { name: 'Testzentrum' });
  await expect(centre.getByText('Testzentrum Musterstadt', { exact: true })).toBeVisible();
  await expect(centre.getByText('Musterstraße 14', { exact: false })).toBeVisible();
  await expect(p.getByText(/Vorname:\s*Frieda/)).toBeVisible();
  await expect(p.getByText(/Nachname:\s*Fragebogen/)).toBeVisible();
  await expect(p.getByText(/Geburtsdatum:\s*12\.04\.1985/)).toBeVisible();
  await expectAccessible(p);

  // Sent empty: the server marks every failing question.
  await p.getByRole('button', { name: 'Absenden' }).click();
  const banner = p.getByRole('alert').filter({ hasText: MSG.fixMarkedErrors });
  await expect(banner).toContainText(MSG.validationTitle);
  await expect(p.getByText(MSG.answerRequired).first()).toBeVisible();
  await expect(p.getByText(MSG.missingSignature)).toBeVisible();
  await expectAccessible(p);

  await p
    .getByRole('radiogroup', { name: /Krankheitszeichen/ })
    .getByLabel('Nein')
    .check();
  const followUp = p.getByLabel(/Wann hatten Sie den letzten Kontakt/);
  await expect(followUp).toHaveCount(0);
  await p
    .getByRole('radiogroup', { name: /positiv auf Corona/ })
    .getByLabel('Ja')
    .check();
  await expect(followUp).toBeVisible();
  await followUp.fill('02.01.2026');
  await p
    .getByRole('radiogroup', { name: /Auf welcher Grundlage/ })
    .getByLabel(/Bürgertestung/)
    .check();
  await p.getByLabel(/Aus welchem Anlass/).selectOption({ label: 'Arbeit oder Ausbildung' });
  await p.getByLabel(/Körpertemperatur/).fill('36,9');
  await p
    .getByRole('radiogroup', { name: /Ich willige/ })
    .getByLabel('Ja')
    .check();

  // The signature dialog refuses an empty pad and does not close on Escape.
  await p.getByRole('button', { name: 'Unterschreiben' }).click();
  const sig = p.getByRole('dialog', { name: 'Unterschrift' });
  await expect(sig).toBeVisible();
  await sig.getByRole('button', { name: 'Speichern' }).click();
  await expect(sig.getByRole('alert')).toContainText(MSG.missingSignature);
  await expect(sig.getByRole('alert')).toContainText(MSG.pleaseSign);
  await p.keyboard.press('Escape');
  await expect(sig).toBeVisible();
  await expectAccessible(p);
  const pad = sig.getByRole('img', { name: 'Unterschriftenfeld' });
  const box = (await pad.boundingBox())!;
  expect(Math.round(box.height)).toBe(200);
  await p.mouse.move(box.x + 20, box.y + 120);
  await p.mouse.down();
  for (let i = 1; i <= 12; i++) await p.mouse.move(box.x + 20 + i * 18, box.y + 120 - (i % 2) * 50);
  await p.mouse.up();
  await sig.getByRole('button', { name: 'Speichern' }).click();
  await expect(sig).toBeHidden();
  await expect(p.getByRole('img', { name: 'Ihre Unterschrift' })).toBeVisible();

  await p.getByRole('button', { name: 'Absenden' }).click();
  await expect(p.getByText(MSG.formFilled)).toBeVisible();
  await expect(p.getByRole('button', { name: MSG.questionsAnswered })).toBeDisabled();
  await expect(banner).toHaveCount(0);

  // Opened again: the answers read-only, without a send button.
  await p.reload();
  await expect(p.getByText(MSG.formFilled)).toBeVisible();
  await expect(p.getByRole('listitem', { name: /Aus welchem Anlass/ })).toContainText('Arbeit oder Ausbildung');
  await expect(p.getByRole('button', { name: /Absenden|Fragen beantwortet/ })).toHaveCount(0);
  await expectAccessible(p);
  await phone.close();

  // Staff: the appointment is filled with warnings; the answers open read-only with the failing question marked.
  const again = await openQr(page, centres.tokens.form_open, cai);
  await expect(again.dialog.getByText('Fragebogen: ausgefüllt, mit Auffälligkeiten')).toBeVisible();
  await page.goto(`/appointments/filled-out-check-in-form/${qr.cai}/${centres.tokens.form_open}`);
  const filled = page.getByRole('dialog', { name: /Frieda Fragebogen/ });
  await expect(filled.getByRole('listitem', { name: /positiv auf Corona/ })).toContainText('Abweichende Antwort');
  await expect(filled.getByRole('listitem', { name: /Krankheitszeichen/ })).not.toContainText('Abweichende Antwort');
  await expect(filled.getByRole('listitem', { name: /Wann hatten Sie den letzten Kontakt/ })).toContainText(
    '02.01.2026',
  );
  await expect(filled.getByRole('img', { name: 'Unterschrift' })).toBeVisible();
  await expect(filled.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
  await filled.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
});

test('a bad form link shows "Konnte Formular nicht laden"', async ({ page }) => {
  await page.goto('/check-in/1/ungueltiges-token');
  await expect(page.getByRole('alert')).toContainText(MSG.formLoadFailed);
  await expectAccessible(page);
});

test('the seeded form with warnings is marked, and missing answers lead back to the appointments', async ({
  page,
  request,
  centres,
}) => {
  const cai = await caiOf(request, centres.logins.staff, centres.tokens.form_with_warnings);
  await login(page, centres.logins.staff);
  const qr = await openQr(page, centres.tokens.form_with_warnings, cai);
  await page.goto(`/appointments/filled-out-check-in-form/${qr.cai}/${centres.tokens.form_with_warnings}`);
  const filled = page.getByRole('dialog', { name: /Karl Kontakt/ });
  await expect(filled.getByRole('listitem', { name: /Krankheitszeichen/ })).toContainText('Abweichende Antwort');
  await expect(filled.getByRole('listitem', { name: /Welche Beschwerden/ })).toContainText('Halsschmerzen');
  await expectAccessible(page);

  await page.goto('/appointments/filled-out-check-in-form/999999999/nichts');
  await expect(page.getByText(MSG.answersLoadFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
});

test('a vaccination centre saves vaccination data', async ({ page, centres }) => {
  await login(page, centres.logins.vaccination_admin);
  await page.goto(`/appointments/save-vaccination-data/${centres.tokens.form_vaccination}`);
  const dialog = page.getByRole('dialog', { name: 'Impfdaten erfassen' });
  await expect(dialog.getByText(/Ida Impfling/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText(MSG.vaccineRequired)).toBeVisible();
  await dialog.getByLabel('Impfstoff').fill('Spikevax (Moderna)');
  await dialog.getByLabel('Chargennummer').fill('SX-2026-17');
  await dialog.getByLabel('Dosis').fill('3');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(MSG.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/appointments$/);
  // Opened again, the saved data is there to correct.
  await page.goto(`/appointments/save-vaccination-data/${centres.tokens.form_vaccination}`);
  await expect(page.getByRole('dialog', { name: 'Impfdaten erfassen' }).getByLabel('Chargennummer')).toHaveValue(
    'SX-2026-17',
  );
});
