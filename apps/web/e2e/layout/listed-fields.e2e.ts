import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, signIn, test } from '../fixtures';

// Each screen at three sizes on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

/** A tablet upright, the same tablet across, a small laptop (issue 26). */
const VIEWPORTS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** Shown and inside the window: not hidden, not cut off at the right edge (after a resize the layout follows). */
async function expectInWindow(page: Page, what: Locator) {
  await expect(what).toBeVisible();
  await expect
    .poll(
      async () => {
        const box = (await what.boundingBox())!;
        return box.x + box.width;
      },
      { message: (await what.textContent()) ?? '' },
    )
    .toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The page is not wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test('users: every field of the spec’s table — name, id, e-mail, role, actions — is shown at 768, 1024 and 1280 px', async ({
  page,
  centres,
}) => {
  const admin = await apiAs(page.request, centres.logins.admin);
  const users = await admin.get<{ id: number; name: string; email: string }[]>('/users');
  expect(users.length).toBeGreaterThan(2);
  await signIn(page, centres.logins.admin);
  await page.goto(`/staff/${admin.staffId}/users`);
  const table = page.getByRole('table');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const header of ['Name', 'ID', 'Rolle', 'Aktionen'])
      await expectInWindow(page, table.getByRole('columnheader', { name: header, exact: true }));
    for (const u of users) {
      const row = table.getByRole('row').filter({ has: page.getByRole('combobox', { name: `Rolle von ${u.name}` }) });
      // Below 1408 px the e-mail stands under the name (its own column is in the page, hidden): the one shown.
      const shown = (l: Locator) => l.filter({ visible: true });
      await expectInWindow(page, shown(row.getByText(u.name, { exact: true })));
      await expectInWindow(page, shown(row.getByRole('cell', { name: String(u.id), exact: true })));
      await expectInWindow(page, shown(row.getByText(u.email, { exact: true })));
      await expectInWindow(page, row.getByRole('combobox', { name: `Rolle von ${u.name}` }));
      // 'Passwort ändern' is a link, or a disabled button where the user may not change it.
      for (const name of [/^Passwort ändern$/, /^(Sperren|Aktivieren)$/, /^Funktionen$/, /^Daten$/])
        await expectInWindow(page, row.getByRole('link', { name }).or(row.getByRole('button', { name })));
    }
    await expectNoSidewaysScroll(page);
  }
});

test('billing overview: in a tab of its own, the CSV’s columns on the screen, fitting 768, 1024 and 1280 px', async ({
  page,
  centres,
}) => {
  await signIn(page, centres.logins.admin);
  await page.goto('/exports');
  await page.getByRole('tab', { name: 'Monatsexport' }).click();
  await expect(page.getByRole('button', { name: 'Export anfordern' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Abrechnungsübersicht/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Abrechnung' }).click();
  // The demo's performed tests of last month (the default) by legal basis and test type.
  const table = page.getByRole('table', { name: /^Abrechnung / }).first();
  await expect(table.getByRole('row', { name: /Summe des Monats/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const [, ...csvColumns] = csv.slice(1).split('\r\n')[0]!.split(';');
  // The CSV names the euro in the amounts' headers, since its cells have no '€'.
  const expected = csvColumns.map((c) => c.replace(' (EUR)', ''));
  expect(expected).toContain('davon Eigenbeteiligung');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // The headers as read, soft hyphens dropped; upright the first three columns stand in one header.
    const headers = await table.locator('thead th').evaluateAll((ths) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the lines as rendered, one per folded header
      ths.flatMap((th) => (th as HTMLElement).innerText.replaceAll('\u00AD', '').split('\n')).filter(Boolean),
    );
    expect(headers, `${viewport.width} px`).toEqual(expected);
    await expectInWindow(page, table.getByRole('columnheader', { name: /davon Eigen.?beteiligung/ }));
    await expectNoSidewaysScroll(page);
  }
});
