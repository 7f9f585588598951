import { MSG } from '@tz/shared/messages';
import {
  advanceClocks,
  DEMO_PASSWORD,
  dismissNewsPrompt,
  expect,
  expectAccessible,
  loginAs,
  logout,
  type TestCentres,
  test,
} from '../fixtures';

test('a wrong login shows "Anmeldedaten falsch"', async ({ page, centres }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await page.getByLabel('E-Mail').fill(centres.logins.staff);
  await page.getByLabel('Passwort').fill('falsch-falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.wrongLogin);
  await expect(page).toHaveURL(/\/login$/);
});

test('not logged in, a protected screen redirects to login', async ({ page }) => {
  await page.goto('/appointments');
  await expect(page).toHaveURL(/\/login$/);
});

const sidebar: Record<keyof TestCentres['logins'] & string, string[] | undefined> = {
  vaccination_admin: undefined,
  // The pharmacy's sidebar ('Dauerverordnungen') is checked in pharma/pharma.e2e.ts.
  pharmacy: undefined,
  platform: [
    'Termine',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Testzentrumskonto',
    'Export',
    'Einstellungen',
    'Protokoll',
    'Statistik',
    'Benutzerverwaltung',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
    'Centerliste',
    'Export Admin',
  ],
  // The demo test centre's lab is shown in the sidebar (show_sidebar = 1): 'PCR-Labore'.
  admin: [
    'Termine',
    'PCR-Labore',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Testzentrumskonto',
    'Export',
    'Einstellungen',
    'Protokoll',
    'Statistik',
    'Benutzerverwaltung',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
  ],
  manager: [
    'Termine',
    'PCR-Labore',
    'Kunden',
    'Gruppenimport',
    'Dienstleistungen',
    'Öffnungszeiten',
    'Feiertage',
    'Statistik',
    'Benutzerverwaltung',
    'Passwort ändern',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
  ],
  staff: [
    'Termine',
    'PCR-Labore',
    'Kunden',
    'Gruppenimport',
    'Passwort ändern',
    'Instant-Booking QR',
    'Neuigkeiten',
    'FAQ',
  ],
};

for (const [who, entries] of Object.entries(sidebar)) {
  if (!entries) continue;
  test(`the ${who} lands where the spec says and sees exactly the sidebar of the role`, async ({ page, centres }) => {
    await loginAs(page, centres.logins[who as keyof TestCentres['logins']]);
    if (who === 'platform') await expect(page).toHaveURL(/\/testcenter\/all$/);
    else await expect(page).toHaveURL(/\/$/);
    await dismissNewsPrompt(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link')).toHaveText(entries);
    await expect(page.getByText(/Staff-ID \d+ · v1\.83\.0/)).toBeVisible();
    await expectAccessible(page);
    // A logged-in user who opens login goes to the landing page.
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login$/);
  });
}

test('logout clears the session and returns to login', async ({ page, centres }) => {
  await loginAs(page, centres.logins.staff);
  await dismissNewsPrompt(page);
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired session shows the message and returns to login', async ({ page, centres, baseURL }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(centres.logins.staff);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Twelve hours on, on the server and in the browser: the session has ended on both.
  await advanceClocks(page, baseURL!, 12 * 3600_000 + 60_000);
  await expect(page.getByText(MSG.sessionExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/appointments');
  await expect(page).toHaveURL(/\/login$/);
});

test('the news prompt appears, "Ignorieren" holds in every tab of the login, "Ansehen" opens the news', async ({
  page,
  centres,
}) => {
  await loginAs(page, centres.logins.vaccination_admin);
  const dialog = page.getByRole('dialog', { name: 'Neuigkeiten' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  // Another tab of the same login asks too; 'Ignorieren' there quiets this tab and every new one.
  const second = await page.context().newPage();
  await second.goto('/');
  await second.getByRole('dialog', { name: 'Neuigkeiten' }).getByRole('button', { name: 'Ignorieren' }).click();
  await expect(dialog).toHaveCount(0);
  // (this browser remembers the answer for the login: the new tab does not even ask the server)
  const third = await page.context().newPage();
  await third.goto('/');
  await expect(third.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  await expect(third.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
  await second.close();
  await third.close();
  // A new login asks again.
  await logout(page);
  await loginAs(page, centres.logins.vaccination_admin);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ansehen' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: 'Willkommen im neuen Backoffice' })).toBeVisible();
  await expect(page.getByText(/\d{2}\.\d{2}\.\d{4}/).first()).toBeVisible();
  await expectAccessible(page);
  // Seen now: after a new login the prompt stays away.
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await loginAs(page, centres.logins.vaccination_admin);
  await expect(page.getByRole('heading', { name: /Willkommen,/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Neuigkeiten' })).toHaveCount(0);
});
