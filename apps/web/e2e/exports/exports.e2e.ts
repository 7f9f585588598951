import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { E2E_NOW, expect, expectAccessible, signIn, test } from '../fixtures';

/** 'YYYY-MM-DD' of E2E_NOW in Berlin, and the first and last day of the month before. */
function days() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(E2E_NOW));
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { today, first, last };
}

// Two logins (the centre's administrator and the platform's) and two screens in one flow.
test.describe.configure({ timeout: 120_000 });

const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function csvOf(download: Download) {
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1).split('\r\n');
}

test('exports: an immediate export at once; a monthly export pending until the admin dispatches it, then downloaded', async ({
  page,
  browser,
  centres,
}) => {
  const { today, first, last } = days();
  await signIn(page, centres.logins.admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Export', exact: true })).toBeVisible();
  // A test centre: no vaccination tab; the immediate export is open.
  await expect(page.getByRole('tab')).toHaveText(['Sofort-Export', 'Monatsexport', 'Abrechnung']);
  // off the sidebar link just clicked: its hover colour is not the screen's
  await page.mouse.move(700, 600);
  await expectAccessible(page);

  await page.getByRole('radio', { name: 'Positiv' }).check();
  const immediate = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click();
  const daily = await immediate;
  expect(daily.suggestedFilename()).toBe(`sofortexport_${today}_positiv_${centres.test_centre_id}.csv`);
  expect((await csvOf(daily))[0]).toMatch(/^Termin-Nr\.;Datum;Uhrzeit;Nachname;Vorname;Geburtsdatum;/);
  await expect(page.getByText('Der Download wurde gestartet!')).toBeVisible();

  // The monthly export: 'Letzter Monat' is the default range.
  await page.getByRole('tab', { name: 'Monatsexport' }).click();
  await expect(page.getByRole('button', { name: 'Letzter Monat' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Export anfordern' }).click();
  await expect(page.getByText('Der Export wurde angefordert und wird im Hintergrund erzeugt.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${german(first)} 00:00:00 ${german(last)} 23:59:59`) });
  await expect(row.getByRole('button', { name: 'Herunterladen' })).toBeDisabled();

  // The platform administrator runs the worker through Export Admin, in a browser of their own.
  const admin = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const adminPage = await admin.newPage();
  await adminPage.clock.install({ time: new Date(E2E_NOW) });
  await signIn(adminPage, centres.logins.platform);
  await adminPage.getByRole('navigation').getByRole('link', { name: 'Export Admin' }).click();
  const dispatch = adminPage.getByRole('button', { name: /^Exportaufträge jetzt verarbeiten \([1-9]\d*\)$/ });
  await expect(dispatch).toBeEnabled();
  // Below it, the scheduled backups and retention (issue 27): the test server has no schedule set.
  await expect(adminPage.getByRole('heading', { name: 'Sicherungen und Aufbewahrungsfrist' })).toBeVisible();
  for (const job of ['Sicherung der Datenbank', 'Aufbewahrungsfrist (Löschung nach TestV)'])
    await expect(adminPage.getByRole('row', { name: `${job} nicht eingerichtet noch nicht gelaufen` })).toBeVisible();
  await adminPage.mouse.move(700, 600);
  await expectAccessible(adminPage);
  await dispatch.click();
  await adminPage.getByRole('button', { name: 'Jetzt erzeugen' }).click();
  await expect(adminPage.getByText(/^\d+ Exporte? wurden? erzeugt\.$/)).toBeVisible();
  await admin.close();

  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  const ready = row.getByRole('button', { name: 'Herunterladen' });
  await expect(ready).toBeEnabled();
  const monthly = page.waitForEvent('download');
  await ready.click();
  const file = await monthly;
  expect(file.suggestedFilename()).toBe(`monatsexport_${first}_${last}_${centres.test_centre_id}.csv`);
  const lines = await csvOf(file);
  expect(lines[0]).toContain('Rechtsgrundlage;Abrechenbar (TestV)');
  // the demo's tests of last month with a result (the demo reaches 30 days back), each dated in that month
  const dated = lines.slice(1).filter(Boolean);
  for (const line of dated)
    expect(line.split(';')[1]).toMatch(new RegExp(`^\\d\\d\\.${first.slice(5, 7)}\\.${first.slice(0, 4)}$`));
  await expect(page.getByText('Der Download wurde gestartet!').first()).toBeVisible();
});
