import type { APIRequestContext, Request } from '@playwright/test';
import { apiAs, E2E_NOW, expect, signIn, test } from '../fixtures';

// Must match APPOINTMENT_PAGE_SIZE of the screen (apps/web/src/features/appointments/appointment-pages.ts).
const PAGE_SIZE = 200;
const SERIES = 50; // the API's most appointments per request
const CREATED = 5 * SERIES; // more than one page: 200 + 50

test.describe.configure({ timeout: 180_000 });

interface Row {
  appointment_id: number;
  customer_appointment_id: number;
  start_date: string;
  date: string;
}

/** The 10th of the month four months ahead (Berlin): beyond the demo data, its own day for this test. */
function dayAhead() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(E2E_NOW));
  const [y, m] = today.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + 4, 10));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-10`;
}

/** Unix seconds of the day's noon: inside the day in every time zone near Berlin. */
const noonOf = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/** 250 appointments on one day through the real API: a new customer, then series of 50 (overbooked). */
async function createDay(request: APIRequestContext, email: string, date: string) {
  const api = await apiAs(request, email);
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active && s.title === 'Antigen-Schnelltest Selbstzahler')!;
  // 50 × 10 minutes from 07:00 stay within the day.
  const series = { staff_id: api.staffId, service_id: service.id, date, time: '07:00', overbook: true };
  const { customer_id } = await api.post<{ customer_id: number }>('/appointments/with-customer', {
    ...series,
    first_name: 'Paula',
    last_name: 'Paging',
    number_of_new_appointments: SERIES,
  });
  for (let i = 1; i < CREATED / SERIES; i++) {
    await api.post(`/customers/${customer_id}/appointments`, { ...series, number_of_new_appointments: SERIES });
  }
  // The day in one answer (no limit), in the list's order: what the screen must end up showing.
  const all = await api.appointments({
    startdate: noonOf(date) - 86_400,
    enddate: noonOf(date) + 86_400,
  });
  return all.filter((r) => r.date === date);
}

test('a day with more rows than one page loads the next page while scrolling', async ({ page, request, centres }) => {
  const date = dayAhead();
  const rows = await createDay(request, centres.logins.admin, date);
  expect(rows.length).toBe(CREATED);
  const lastRow = rows.at(-1)!;

  const listCalls: Record<string, unknown>[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && /\/api\/staff\/\d+\/appointments$/.test(new URL(r.url()).pathname)) {
      listCalls.push(r.postDataJSON() as Record<string, unknown>);
    }
  });
  // The next page answers a moment late, so its loader can be seen.
  await page.route(/\/api\/staff\/\d+\/appointments$/, async (route) => {
    if ((route.request().postDataJSON() as { after?: unknown } | null)?.after) {
      await new Promise((r) => setTimeout(r, 1000));
    }
    await route.continue();
  });

  await signIn(page, centres.logins.admin);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  // 'Heute' first, so the calendar opens on this month; then four months on, the 10th as a one-day range.
  await page.getByRole('button', { name: 'Heute' }).click();
  await page.getByRole('button', { name: 'Zeitraum', exact: true }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Nächster Monat' }).click();
  const day10 = page.getByRole('dialog').getByRole('button', { name: /^10 / });
  await day10.click();
  await day10.click();
  await page.keyboard.press('Escape');

  // The total counts the whole day; only the first page is loaded.
  await expect(page.getByText(`${CREATED} Termine`, { exact: true })).toBeVisible();
  const nr = (r: Row) => `Nr. ${String(r.customer_appointment_id).slice(-6)}`;
  const listItem = (r: Row) => page.getByRole('listitem').filter({ hasText: nr(r) });
  await expect(listItem(rows[0]!)).toBeVisible();
  const noon = noonOf(date);
  const dayCalls = () => listCalls.filter((b) => Number(b.startdate) <= noon && noon <= Number(b.enddate));
  expect(dayCalls()[0]).toMatchObject({ limit: PAGE_SIZE });
  expect(dayCalls()[0]).not.toHaveProperty('after');
  expect(dayCalls()).toHaveLength(1);

  // Scrolling to the end of the loaded rows asks for the rows after the 200th.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByLabel('Weitere Termine werden geladen')).toBeVisible();
  const cursor = rows[PAGE_SIZE - 1]!;
  await expect
    .poll(() => dayCalls().find((b) => b.after))
    .toEqual(
      expect.objectContaining({
        limit: PAGE_SIZE,
        after: { start_date: cursor.start_date, appointment_id: cursor.appointment_id },
      }),
    );

  // …and the last row of the day appears at the bottom.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(listItem(lastRow)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // 50 rows on the second page: a short page, so nothing more is asked for.
  expect(dayCalls().filter((b) => b.after)).toHaveLength(1);
});
