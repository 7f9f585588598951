import { apiAs, E2E_NOW, expect, expectAccessible, test, workdayAhead } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 } });

async function pick(page: import('@playwright/test').Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('on a phone a customer books a free time, gets the mail, opens the questionnaire and cancels by the link', async ({
  page,
  request,
  centres,
  baseURL,
}) => {
  const admin = await apiAs(request, centres.logins.admin);
  const { search_name } = await admin.get<{ search_name: string }>('/settings');
  await page.goto(`/buchen/${search_name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Testzentrum Musterstadt' })).toBeVisible();

  await page.getByRole('radio').first().check();
  const day = workdayAhead(2);
  await page.getByRole('button', { name: /^Datum/ }).click();
  const calendar = page.getByRole('dialog');
  if (day.slice(0, 7) !== E2E_NOW.slice(0, 7)) await calendar.getByRole('button', { name: 'Nächster Monat' }).click();
  await calendar.getByRole('button', { name: new RegExp(`^${Number(day.slice(8))} `) }).click();
  const times = page.getByRole('group', { name: 'Uhrzeit' });
  const first = times.getByRole('button').first();
  const time = (await first.textContent())!.trim();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');

  const email = `online.${centres.tag}@kunde.example`;
  await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Onlinebucher');
  await pick(page, 'Geburtstag (Tag)', '12');
  await pick(page, 'Geburtstag (Monat)', 'April');
  await pick(page, 'Geburtstag (Jahr)', '1985');
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Telefon' }).fill('0171 1234567');
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Lindenweg 5');
  await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('12345');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Musterstadt');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Verbindlich buchen' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Ihr Termin ist gebucht.' })).toBeVisible();
  await expect(page.getByText(`Uhrzeit: ${time} Uhr`)).toBeVisible();

  const mails = (await (await request.get(`${baseURL}/api/test/centres/${centres.test_centre_id}/mails`)).json()) as {
    kind: string;
    to: string;
    text: string;
  }[];
  const mail = mails.find((m) => m.to === email && m.kind === 'booking_confirmation');
  expect(mail?.text).toContain(`um ${time} Uhr`);
  const formLink = /(https?:\/\/\S+\/check-in\/\S+)/.exec(mail!.text)![1]!;
  const cancelLink = /(https?:\/\/\S+\/buchung\/\S+)/.exec(mail!.text)![1]!;

  await page.goto(formLink);
  await expect(page.getByText('Onlinebucher')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Absenden' })).toBeVisible();

  await page.goto(cancelLink);
  await expect(page.getByText(`Uhrzeit: ${time} Uhr`)).toBeVisible();
  await page.getByRole('button', { name: 'Termin stornieren' }).click();
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Termin wurde storniert.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Termin stornieren' })).toHaveCount(0);
  await expectAccessible(page);
});
