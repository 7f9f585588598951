import type { Page } from '@playwright/test';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { germanDate } from '@tz/shared/rules/german-date';
import { apiAs, E2E_NOW, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';

// Data through the API, a create screen, two window sizes and one axe run on a shared machine.
test.describe.configure({ timeout: 180_000 });

const SERIES = 30;

/** Rows of the list wholly between the fixed header and the footer. */
function rowsInView(page: Page) {
  return page.evaluate(() => {
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const bottom = document.querySelector('footer')?.getBoundingClientRect().top ?? window.innerHeight;
    return [...document.querySelectorAll('ul[aria-label="Termine"] > li')].filter((li) => {
      const r = li.getBoundingClientRect();
      return r.top >= top - 1 && r.bottom <= bottom + 1;
    }).length;
  });
}

/** Scrolls the page so the list starts right under the fixed header. */
async function listToTop(page: Page) {
  await page.getByRole('list', { name: 'Termine' }).evaluate((el) => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - header);
  });
}

test('the compact list: the new appointment highlighted on its day, 12 and 10 rows, three check-ins by keyboard, the view remembered, opened at now', async ({
  page,
  request,
  centres,
}) => {
  // A day of its own beyond the seeded weeks: 30 appointments from 07:00.
  const day = workdayAhead(25);
  const api = await apiAs(request, centres.logins.admin);
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active && s.title === 'Antigen-Schnelltest Selbstzahler')!;
  const { customer_id } = await api.post<{ customer_id: number }>('/appointments/with-customer', {
    staff_id: api.staffId,
    service_id: service.id,
    date: day,
    time: '07:00',
    overbook: true,
    first_name: 'Kira',
    last_name: 'Kompakt',
    number_of_new_appointments: SERIES,
  });

  // A new appointment from the create screen: the list opens on its day with the row highlighted.
  await signIn(page, centres.logins.admin);
  await page.goto(`/customers/${customer_id}/create-appointment`);
  await expect(page.getByRole('heading', { name: 'Termin anlegen' })).toBeVisible();
  await page.getByLabel('Datum').fill(germanDate(day));
  await page.getByLabel('Uhrzeit').fill('12:00');
  await page
    .getByRole('textbox', { name: 'Dienstleistung' })
    .or(page.getByRole('combobox', { name: 'Dienstleistung' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Antigen-Schnelltest Selbstzahler', exact: true }).click();
  await page.getByLabel(/Trotzdem buchen/).check();
  await page.getByRole('button', { name: 'Termin anlegen' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByText(`${SERIES + 1} Termine`, { exact: true })).toBeVisible({ timeout: 30_000 });
  const highlighted = page.locator('ul[aria-label="Termine"] > li[aria-current="true"]');
  await expect(highlighted).toContainText('12:00');
  await expect(highlighted).toBeInViewport();

  // The compact view: at least 12 rows at 1280×800, 10 at 1024×768, no sideways scrolling.
  await page.getByRole('button', { name: 'Kompakt', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Kompakt', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await listToTop(page);
  await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(12);
  await page.setViewportSize({ width: 1024, height: 768 });
  await listToTop(page);
  await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await expectAccessible(page);

  // Keyboard only: check in the first three, then open the third with Enter.
  const line = (i: number) => page.locator(`[data-row-index="${i}"]`);
  await line(0).focus();
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.keyboard.press('ArrowDown');
    await expect(line(i)).toBeFocused();
    await page.keyboard.press('c');
    await expect(line(i).getByRole('switch', { name: 'Eingecheckt' }).first()).toBeChecked();
  }
  const noon = Date.parse(`${day}T12:00:00Z`) / 1000;
  const rows = (await api.appointments({ startdate: noon - 86_400, enddate: noon + 86_400 })).filter(
    (r) => r.date === day,
  );
  expect(rows.slice(0, 4).map((r) => isCheckedIn(r.checked_in))).toEqual([true, true, true, false]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/appointments/${rows[2]!.appointment_id}/${customer_id}/edit$`));

  // The choice stays for this user; 'Ab jetzt' opens at the first appointment from now.
  await page.goto('/appointments');
  await expect(page.getByRole('button', { name: 'Kompakt', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Ab jetzt' })).toHaveAttribute('aria-pressed', 'true');
  const now = Date.parse(E2E_NOW);
  const windowRows = await api.appointments({
    startdate: Math.floor(now / 1000) - 31 * 86_400,
    enddate: Math.floor(now / 1000) + 86_400,
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(now));
  const next = windowRows.find((r) => r.date === today && Date.parse(r.start_date) >= now);
  expect(next, 'the seeded centre has appointments later today').toBeDefined();
  const nr = String(next!.customer_appointment_id).slice(-6);
  await expect(page.getByRole('listitem').filter({ hasText: nr }).first()).toBeInViewport({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Jetzt', exact: true })).toBeVisible();
});
