import { importRequestOf } from '@tz/shared/groups/customer-csv';
import { importedTotal, MSG } from '@tz/shared/messages';
import { dateInZone } from '@tz/shared/rules/time-zone';
import type { Browser, Page } from 'playwright-core';
import { GROUP_CSV_ROWS, groupCsv, multipart } from './groups';
import { repeat, summarise, timeCalls } from './measure';
import type { OperationResult } from './run';
import { loginThroughUi } from './web';

/**
 * The group page with 10,000 members in Chromium (issues 26 and 31): opening
 * it until its first page of members can be used, 'Alle auswählen', booking
 * all 10,000 at one time, and importing 10,000 rows until the confirmation.
 */
export interface WebGroupsOptions {
  /** Measured openings of the group page, after `warmup` unmeasured ones. */
  opens: number;
  warmup: number;
  /** Bulk bookings of the whole group (10,000 appointments each) and 10,000-row imports through the screen. */
  bookings: number;
  imports: number;
}

export const DEFAULT_WEB_GROUPS: WebGroupsOptions = { opens: 5, warmup: 1, bookings: 3, imports: 2 };

const de = (n: number) => n.toLocaleString('de-DE');
/** A long request (10,000 appointments on a loaded machine) is waited for up to this long. */
const LONG_MS = 5 * 60_000;

async function newGroup(url: string, token: string, staffId: number, name: string) {
  const res = await fetch(`${url}/api/staff/${staffId}/institutions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ staff_id: staffId, name }),
  });
  if (!res.ok) throw new Error(`Gruppe nicht angelegt: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { institution: { id: number } }).institution.id;
}

/** 10,000 members through the API (preview, then the import of its rows), as the data of the page. */
async function fillGroup(url: string, token: string, staffId: number, groupId: number, tag: string) {
  const base = `${url}/api/staff/${staffId}/institutions/${groupId}`;
  const upload = multipart(groupCsv(GROUP_CSV_ROWS, tag));
  const preview = await fetch(`${base}/import/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': upload.type },
    body: upload.body,
  });
  const { oImportInfo } = (await preview.json()) as { oImportInfo: { aHeader: string[]; aaData: string[][] } };
  const res = await fetch(`${base}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ staff_id: staffId, institution_id: groupId, ...importRequestOf(oImportInfo) }),
  });
  if (!res.ok) throw new Error(`Import antwortet ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** The page is usable: its first page of members drawn, the count said, 'Alle auswählen' enabled. */
async function waitUsable(page: Page, members: number) {
  const table = page.getByRole('table', { name: 'Kunden der Gruppe' });
  await page.getByText(`${de(members)} Mitglieder,`).waitFor({ timeout: LONG_MS });
  await table.locator('tbody tr').nth(49).waitFor({ timeout: LONG_MS });
  const all = table.getByRole('checkbox', { name: 'Alle auswählen' });
  if (await all.isDisabled()) throw new Error("'Alle auswählen' ist nicht bedienbar");
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A weekday at least a week ahead in the centre's zone: no run meets the past. */
function dayAhead(timeZone: string) {
  const d = new Date(`${dateInZone(new Date(), timeZone)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 8);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export async function measureGroupPage(
  browser: Browser,
  url: string,
  token: string,
  centre: { staffId: number; timeZone: string },
  opts: WebGroupsOptions,
  record: (op: OperationResult) => void,
) {
  const run = Date.now().toString(36);
  const groupId = await newGroup(url, token, centre.staffId, `Web-Bench ${run} 10.000`);
  const started = performance.now();
  await fillGroup(url, token, centre.staffId, groupId, `${run}-web`);
  console.log(
    `  Gruppe mit ${de(GROUP_CSV_ROWS)} Mitgliedern angelegt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const groupUrl = `${url}/institution/institutionAppointments/${centre.staffId}/${groupId}`;

  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'de-DE',
    timezoneId: centre.timeZone,
  });
  const page = await context.newPage();
  try {
    await loginThroughUi(page, url);

    record({
      operation: `web: open a group of ${de(GROUP_CSV_ROWS)} members → first page + 'Alle auswählen' usable`,
      rows: GROUP_CSV_ROWS,
      ...(await repeat(opts.opens, opts.warmup, async () => {
        const t = performance.now();
        await page.goto(groupUrl);
        await waitUsable(page, GROUP_CSV_ROWS);
        return performance.now() - t;
      })),
    });

    // As a person goes there: from the group list, without loading the app again.
    const listUrl = `${url}/customers/${centre.staffId}/InstitutionList`;
    record({
      operation: `web: 'Bearbeiten' in the group list → group of ${de(GROUP_CSV_ROWS)} usable`,
      rows: GROUP_CSV_ROWS,
      ...(await repeat(opts.opens, opts.warmup, async () => {
        await page.goto(listUrl);
        const link = page.getByRole('link', { name: `Bearbeiten: Web-Bench ${run} 10.000` });
        await link.waitFor({ timeout: LONG_MS });
        const t = performance.now();
        await link.click();
        await waitUsable(page, GROUP_CSV_ROWS);
        return performance.now() - t;
      })),
    });

    // The server's share: the page's request for the first 50 members in German order, and their count.
    record({
      operation: `api: group page, first 50 of ${de(GROUP_CSV_ROWS)} members (German order) + total`,
      rows: GROUP_CSV_ROWS,
      ...(await timeCalls(
        async () =>
          (
            await fetch(`${url}/api/staff/${centre.staffId}/institutions/${groupId}?page=1&per_page=50`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).ok,
        { warmup: 3, iterations: 20 },
      )),
    });

    const all = page
      .getByRole('table', { name: 'Kunden der Gruppe' })
      .getByRole('checkbox', { name: 'Alle auswählen' });
    const button = page.getByRole('button', { name: `${de(GROUP_CSV_ROWS)} Termine erstellen` });
    record({
      operation: `web: click 'Alle auswählen' → '${de(GROUP_CSV_ROWS)} Termine erstellen' shown`,
      rows: GROUP_CSV_ROWS,
      ...(await repeat(opts.opens, opts.warmup, async () => {
        if (await all.isChecked()) await all.click();
        const t = performance.now();
        await all.click();
        await button.waitFor({ timeout: LONG_MS });
        return performance.now() - t;
      })),
    });

    // The form once: the first service, a day ahead, overbooking (no service has 10,000 places at one time).
    if (!(await all.isChecked())) await all.click();
    const day = dayAhead(centre.timeZone);
    const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
    await page.getByRole('combobox', { name: 'Dienstleistung', exact: true }).click();
    await page.getByRole('option').first().click();
    await choose(page, 'Tag', String(dayOfMonth));
    await choose(page, 'Monat', String(month));
    await choose(page, 'Jahr', String(year));
    await page.getByRole('checkbox', { name: MSG.overbookLabel }).check();
    const saved = page.getByText(MSG.appointmentsSaved);
    record({
      operation: `web: select all + create ${de(GROUP_CSV_ROWS)} appointments → confirmation`,
      rows: GROUP_CSV_ROWS,
      ...(await repeat(opts.bookings, 0, async () => {
        await saved.waitFor({ state: 'detached', timeout: LONG_MS });
        // a new time each round: 08:00, 08:10, …
        const n = (await page.getByRole('table', { name: 'Termine der Gruppe' }).locator('tbody tr').count()) || 0;
        await page.getByRole('spinbutton', { name: 'Uhrzeit: Stunden' }).fill('08');
        await page.getByRole('spinbutton', { name: 'Uhrzeit: Minuten' }).fill(String(n * 10).padStart(2, '0'));
        const t = performance.now();
        await button.click();
        await saved.waitFor({ timeout: LONG_MS });
        return performance.now() - t;
      })),
    });

    // Importing 10,000 rows through the screen: from the click on the import button until the confirmation.
    const samples: number[] = [];
    let errors = 0;
    for (let i = 0; i < opts.imports; i++) {
      try {
        const id = await newGroup(url, token, centre.staffId, `Web-Bench ${run} Import ${i}`);
        await page.goto(`${url}/institution/institutionAppointments/${centre.staffId}/${id}`);
        await page.locator('input[type="file"]').setInputFiles({
          name: 'kunden.csv',
          mimeType: 'text/csv',
          buffer: groupCsv(GROUP_CSV_ROWS, `${run}-ui${i}`),
        });
        await page.getByRole('button', { name: 'Hochladen' }).click();
        await page.getByText(`${de(GROUP_CSV_ROWS)} Kundendaten, keine Fehler`).waitFor({ timeout: LONG_MS });
        const t = performance.now();
        await page.getByRole('button', { name: MSG.importNow }).click();
        await page.getByText(importedTotal(GROUP_CSV_ROWS)).waitFor({ timeout: LONG_MS });
        samples.push(performance.now() - t);
      } catch (e) {
        errors++;
        console.log(`  Fehler: ${(e as Error).message}`);
      }
    }
    record({
      operation: `web: import ${de(GROUP_CSV_ROWS)} rows → confirmation (from the click on '${MSG.importNow}')`,
      rows: GROUP_CSV_ROWS,
      ...summarise(samples, errors, 0),
    });
  } finally {
    await context.close();
  }
}
