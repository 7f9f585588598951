import { MSG } from '@tz/shared/messages';
import { openFromSidebar } from '../configuration-helpers';
import {
  apiAs,
  DEMO_PASSWORD,
  dismissNewsPrompt,
  expect,
  expectAccessible,
  loginAs,
  logout,
  signIn,
  test,
} from '../fixtures';

test("the platform admin activates the demo's inactive centre and its new administrator logs in", async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.platform);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Centerliste' }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: 'Alle Testzentren' })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(centres.inactive_centre_id), exact: true }) });
  await expect(row).toContainText('Testzentrum Neustadt (nicht aktiviert)');
  await expectAccessible(page);

  await row.getByRole('link', { name: /Benutzer anlegen und aktivieren/ }).click();
  // The list has a 'Name' field of its own (new centre): fill only once the user form is there.
  await expect(
    page.getByRole('heading', { name: `Benutzer für Testzentrum ${centres.inactive_centre_id} anlegen` }),
  ).toBeVisible();
  const email = `neustadt-admin.${centres.tag}@demo.example`;
  await page.getByLabel('Name').fill('Nora Neustadt');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Speichern und Center aktivieren' }).click();
  await expect(page.getByText(MSG.testcenterUserSaved)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alle Testzentren' })).toBeVisible();
  // activated: no activation link any more, deactivation offered instead
  await expect(row.getByRole('button', { name: /^Deaktivieren/ })).toBeVisible();
  await expect(row.getByRole('link', { name: /Benutzer anlegen/ })).toHaveCount(0);

  await logout(page);
  await loginAs(page, email);
  await dismissNewsPrompt(page);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Protokoll' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Centerliste' })).toHaveCount(0);
});

test('the platform admin finds a centre among many by name, city or id and pages through the rest', async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.platform);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('tz.session')!).login.token as string);
  const headers = { authorization: `Bearer ${token}` };
  const made: number[] = [];
  for (let i = 1; i <= 52; i++) {
    const res = await page.request.post('/api/platform/centres', {
      headers,
      data: {
        full_name: `Praxis ${centres.tag} ${i}`,
        city: i === 7 ? `Kleinstadt${centres.tag}` : 'Großstadt',
        type: '1',
      },
    });
    expect(res.ok()).toBe(true);
    made.push(((await res.json()) as { id: number }).id);
  }

  await openFromSidebar(page, 'Centerliste');
  const search = page.getByRole('textbox', { name: 'Zentrum suchen' });
  const table = page.getByRole('table', { name: 'Testzentren' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });

  // by name: 52 found, newest first, 50 on the first page
  await search.fill(`praxis ${centres.tag}`);
  await expect(page.getByText(`52 Zentren gefunden für „praxis ${centres.tag}“`)).toBeVisible();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`Praxis ${centres.tag} 52`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Seite 2' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`Praxis ${centres.tag} 1`);

  // by city, and by id
  await search.fill(`Kleinstadt${centres.tag}`);
  await expect(page.getByText(/^1 Zentrum gefunden/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Praxis ${centres.tag} 7`);
  await search.fill(String(made[20]));
  await expect(rows.first().getByRole('cell').first()).toHaveText(String(made[20]));
  await expect(rows.first()).toContainText(`Praxis ${centres.tag} 21`);
});

test("after 'ID übernehmen' the whole shell is that centre's, until the admin switches back", async ({
  page,
  centres,
}) => {
  const pharmacyId = (await apiAs(page.request, centres.logins.pharmacy)).staffId;
  await signIn(page, centres.logins.platform);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const footer = page.getByRole('contentinfo');
  await expect(nav.getByRole('link', { name: 'Centerliste' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dauerverordnungen' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'PCR-Labore' })).toHaveCount(0);
  const ownId = (await footer.getByText(/^Staff-ID \d+/).textContent())!.match(/\d+/)![0];

  const adopt = async (id: number) => {
    await openFromSidebar(page, 'Centerliste');
    await page.getByRole('textbox', { name: 'Zentrum suchen' }).fill(String(id));
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await row.getByRole('button', { name: /^ID übernehmen/ }).click();
    await expect(page.getByText(MSG.idAdopted)).toBeVisible();
    await expect(footer).toContainText(`Staff-ID ${id}`);
  };

  // the pharmacy: its prescriptions in the sidebar, and its data behind them
  await adopt(pharmacyId);
  await expect(nav.getByRole('link', { name: 'Dauerverordnungen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'PCR-Labore' })).toHaveCount(0);
  await openFromSidebar(page, 'Dauerverordnungen');
  await expect(page.getByRole('article', { name: 'Verordnung Vogel, Ingrid' })).toBeVisible();
  // a reload keeps the adopted centre
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Dauerverordnungen' })).toBeVisible();
  await expect(footer).toContainText(`Staff-ID ${pharmacyId}`);

  // the test centre: its PCR labs (the seeded lab is in the sidebar), no prescriptions
  await adopt(centres.test_centre_id);
  await expect(nav.getByRole('link', { name: 'PCR-Labore' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dauerverordnungen' })).toHaveCount(0);
  // Under the pointer too (it rests on the button just clicked): a light button keeps its contrast.
  await page
    .getByRole('button', { name: /^ID übernehmen/ })
    .first()
    .hover();
  await expectAccessible(page);

  // back to the own centre
  await footer.getByRole('button', { name: `Zurück zur eigenen ID ${ownId}` }).click();
  await expect(footer).toContainText(`Staff-ID ${ownId}`);
  await expect(footer.getByRole('button', { name: /Zurück zur eigenen ID/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'PCR-Labore' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Dauerverordnungen' })).toHaveCount(0);
});

test('the audit trail names a new centre’s type and who adopted its ID, in words', async ({ page, centres }) => {
  await signIn(page, centres.logins.platform);
  await openFromSidebar(page, 'Centerliste');
  const name = `Apotheke ${centres.tag}`;
  const form = page.getByRole('form', { name: 'Neues Zentrum anlegen' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Ort' }).fill('Kiel');
  await form.getByRole('combobox', { name: 'Art' }).click();
  await page.getByRole('option', { name: 'Apotheke' }).click();
  await form.getByRole('button', { name: 'Zentrum anlegen' }).click();
  await expect(page.getByText(MSG.centreCreated)).toBeVisible();
  await page.getByRole('textbox', { name: 'Zentrum suchen' }).fill(name);
  await page.getByRole('button', { name: `ID übernehmen: ${name}` }).click();
  await expect(page.getByText(MSG.idAdopted)).toBeVisible();

  await openFromSidebar(page, 'Protokoll');
  await page.getByRole('combobox', { name: 'Zentrum' }).fill(centres.tag);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  const table = page.getByRole('table', { name: 'Protokoll' });
  // Until the chosen centre's entries arrive, the table still shows every centre's (kept while loading).
  await expect(table.getByRole('row').filter({ hasText: 'Zentrum angelegt' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Zentrum angelegt' })).toContainText(
    `Name: ${name}; Ort: Kiel; Art: Apotheke`,
  );
  const adopted = table.getByRole('row').filter({ hasText: 'ID übernommen von' });
  await expect(adopted).toContainText(`(${centres.logins.platform})`);
  await expect(adopted).not.toContainText('E-Mail:');
  await expect(table).not.toContainText(/Art: \d/);
  await expectAccessible(page);
});
