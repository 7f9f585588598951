import type { Locator, Page, Request } from '@playwright/test';
import { apiAs, E2E_NOW, expect, expectAccessible, signIn, test, workdayAhead } from '../fixtures';

// Issue 26, items 19–23: the appointments list on a busy day (headings, view switch, opening height,
// the page around now, keyboard and names). Data through the API, then the screen as a person uses it.
test.describe.configure({ timeout: 180_000 });

interface Row {
  appointment_id: number;
  customer_appointment_id: number;
  start_date: string;
  date: string;
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(E2E_NOW));
const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const nowSeconds = Math.floor(Date.parse(E2E_NOW) / 1000);
/** The number as the rows show it (the last six digits). */
const nr = (r: Row) => String(r.customer_appointment_id).slice(-6);
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
/** 'Dienstag, 16.06.2026' */
const heading = (date: string) =>
  `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]}, ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** The rows of the 'Ab jetzt' window (30 days back to the end of today), as the API lists them. */
async function windowRows(api: Awaited<ReturnType<typeof apiAs>>) {
  const rows = await api.appointments({
    startdate: nowSeconds - 32 * 86_400,
    enddate: nowSeconds + 86_400,
  });
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  return rows.filter((r) => r.date >= from && r.date <= today);
}

/** The seeded self-payer rapid test: its results are never locked by the forced classification. */
async function serviceId(api: Awaited<ReturnType<typeof apiAs>>) {
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  return options.services.find((s) => s.active && s.title === 'Antigen-Schnelltest Selbstzahler')!.id;
}

/** Appointments of a new customer on `date` from `time`, 10 minutes apart (overbooked). */
async function series(
  api: Awaited<ReturnType<typeof apiAs>>,
  date: string,
  time: string,
  count: number,
  name: [string, string],
) {
  return api.post<{ customer_id: number }>('/appointments/with-customer', {
    staff_id: api.staffId,
    service_id: await serviceId(api),
    date,
    time,
    overbook: true,
    first_name: name[0],
    last_name: name[1],
    number_of_new_appointments: count,
  });
}

/** The first row in view once it stays the same between two looks (a jump or a scroll has come to rest). */
async function settledFirstRow(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const seen = await firstRowInView(page);
      const same = seen !== '' && seen === last;
      last = seen;
      return same;
    })
    .toBe(true);
  return last;
}

/** Scrolls with the wheel by `step` px until the virtual list renders the item. */
async function scrollUntilRendered(page: Page, item: Locator, step: number) {
  await expect(async () => {
    if (!(await item.count())) await page.mouse.wheel(0, step);
    await expect(item).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/** Scrolls the window so the row sits a little below the sticky bar (its own day heading above the bar). */
function scrollUnderBar(li: Element) {
  const bar = document.querySelector('[data-list-toolbar]')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy(0, li.getBoundingClientRect().top - bar - 40);
}

async function openAppointments(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
}

async function chooseView(page: Page, label: 'Karten' | 'Kompakt') {
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

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

/**
 * The appointment number of the first row wholly in view under the header, the sticky bar and a stuck
 * day heading: the cards show it as 'Nr. 000381', the compact line right after the time.
 */
function firstRowInView(page: Page) {
  return page.evaluate(() => {
    const top =
      Math.max(
        document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
        document.querySelector('[data-list-toolbar]')?.getBoundingClientRect().bottom ?? 0,
      ) + 32;
    for (const li of document.querySelectorAll('ul[aria-label="Termine"] > li')) {
      if (li.getBoundingClientRect().top < top) continue;
      const m = /Nr\. (\d{6})|\d\d:\d\d(\d{6})/.exec(li.textContent ?? '');
      if (m) return m[1] ?? m[2]!;
    }
    return '';
  });
}

test('over more than one day the rows are grouped under day headings that stay under the header, in both views (item 19)', async ({
  page,
  request,
  centres,
}) => {
  // Rows of our own on both days, so the test reads the same at any E2E_NOW (a Sunday night too): three
  // late yesterday, three early today (their second rows are not the first of their day)…
  const api = await apiAs(request, centres.logins.admin);
  await series(api, yesterday, '20:00', 3, ['Yvonne', 'Vorabend']);
  await series(api, today, '00:10', 3, ['Tina', 'Tagesbeginn']);
  // …and enough later today that the page can scroll those rows up to the top.
  await series(api, today, '12:00', 15, ['Lea', 'Nachmittag']);
  await openAppointments(page, centres.logins.admin);
  const list = page.getByRole('list', { name: 'Termine' });

  for (const view of ['Kompakt', 'Karten'] as const) {
    await chooseView(page, view);
    // 'Ab jetzt' (30 days) opens at now: today's rows under today's heading, yesterday's under its own.
    await page.getByRole('button', { name: 'Ab jetzt' }).click();
    // Today's heading is its first row's: in the cards that row may lie above the rows drawn around now,
    // and then the heading stuck under the bar names the day instead.
    await expect(
      list
        .getByRole('heading', { level: 2, name: heading(today) })
        .or(page.locator('[data-stuck-day]', { hasText: heading(today) }))
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    // The jump to now has come to rest; then the wheel, as a person's hand, takes over the page (a jump
    // still settling would pull a scroll made by a script back to now).
    await settledFirstRow(page);
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, -100);
    // Rows that are not their day's first: their day's heading is above them, scrolled away.
    const todayItem = list.getByRole('listitem').filter({ hasText: 'Tina Tagesbeginn' }).filter({ hasText: '00:20' });
    const secondItem = list.getByRole('listitem').filter({ hasText: 'Yvonne Vorabend' }).filter({ hasText: '20:10' });
    // Scroll so that yesterday's row sits right under the sticky bar.
    await scrollUntilRendered(page, secondItem, -400);
    await secondItem.evaluate(scrollUnderBar);
    // Yesterday's own heading has scrolled away: its day stays at the top, right under the sticky bar.
    const stuck = page.locator('[data-stuck-day]');
    await expect(stuck).toHaveText(heading(yesterday));
    const box = (await stuck.boundingBox())!;
    const barBottom = await page.evaluate(
      () => document.querySelector('[data-list-toolbar]')!.getBoundingClientRect().bottom,
    );
    expect(Math.abs(box.y - barBottom)).toBeLessThanOrEqual(1);
    // Further down, the top rows are today's: the stuck heading says so.
    await scrollUntilRendered(page, todayItem, 400);
    await todayItem.evaluate(scrollUnderBar);
    await expect(stuck).toHaveText(heading(today));
  }
  await expectAccessible(page);

  // One day has no headings: its rows carry the date in the range.
  await page.getByRole('button', { name: 'Heute', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Heute', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list.getByRole('heading', { level: 2 })).toHaveCount(0);
});

test('switching between cards and compact keeps the appointment in view (item 20)', async ({ page, centres }) => {
  await openAppointments(page, centres.logins.admin);
  await chooseView(page, 'Karten');
  await page.goto('/appointments');
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  // Opened at now: wait until the jump has settled (the first row in view stays the same).
  const before = await settledFirstRow(page);
  const list = page.getByRole('list', { name: 'Termine' });
  await chooseView(page, 'Kompakt');
  await expect(list.getByRole('listitem').filter({ hasText: before }).first()).toBeInViewport();

  // Somewhere else in the window, and back to the cards.
  // With the wheel, as a person scrolls (it also ends the settling of the kept place).
  await page.mouse.move(700, 500);
  await page.mouse.wheel(0, -1500);
  const other = await settledFirstRow(page);
  expect(other).not.toBe(before);
  await chooseView(page, 'Karten');
  await expect(list.getByRole('listitem').filter({ hasText: other }).first()).toBeInViewport();
});

test("'Heute' shows at least 12 compact rows at 1280×800 on opening, with the filters folded into one line (item 21)", async ({
  page,
  request,
  centres,
}) => {
  // A busy morning: 20 more appointments today on top of the seeded ones.
  const api = await apiAs(request, centres.logins.admin);
  await series(api, today, '07:00', 20, ['Frieda', 'Frühdienst']);
  await openAppointments(page, centres.logins.admin);
  await chooseView(page, 'Kompakt');
  await page.getByRole('button', { name: 'Heute', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Heute', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: 'Frieda Frühdienst' }).first()).toBeVisible();
  // The rebook warning is there (the demo has upcoming visits on an inactive service), and nothing was scrolled.
  await expect(page.getByRole('alert').filter({ hasText: 'inaktiven Dienstleistungen' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(12);

  // The filters: one 'Filter' button opens the selects; a set filter shows as a chip that removes it.
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveCount(0);
  const filter = page.getByRole('button', { name: 'Filter', exact: true });
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await filter.click();
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Storniert' }).click();
  await page.getByRole('button', { name: 'Filter (1)' }).click();
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveCount(0);
  await expect(page.getByText('Status: Storniert')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Frieda Frühdienst' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Filter Status: Storniert entfernen' }).click();
  await expect(page.getByText('Status: Storniert')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Frieda Frühdienst' }).first()).toBeVisible();
});

test("'Ab jetzt' asks for the page that contains now first and the earlier pages only when scrolled up (item 22)", async ({
  page,
  request,
  centres,
}) => {
  // A busy yesterday: 150 more appointments, so more rows lie before now than one page holds.
  const api = await apiAs(request, centres.logins.admin);
  const { customer_id } = await series(api, yesterday, '08:00', 50, ['Nora', 'Nachtrag']);
  for (let i = 0; i < 2; i++) {
    await api.post(`/customers/${customer_id}/appointments`, {
      staff_id: api.staffId,
      service_id: await serviceId(api),
      date: yesterday,
      time: '08:00',
      overbook: true,
      number_of_new_appointments: 50,
    });
  }
  const rows = await windowRows(api);
  const nowMs = Date.parse(E2E_NOW);
  const next = rows.find((r) => Date.parse(r.start_date) >= nowMs)!;
  expect(rows.indexOf(next), 'more rows lie before now than the page around now holds').toBeGreaterThan(200);

  const calls: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && /\/api\/staff\/\d+\/appointments(\/page-at)?$/.test(path)) {
      calls.push({ path, body: r.postDataJSON() as Record<string, unknown> });
    }
  });
  await openAppointments(page, centres.logins.admin);
  const list = page.getByRole('list', { name: 'Termine' });
  await expect(
    list
      .getByRole('listitem')
      .filter({ hasText: nr(next) })
      .first(),
  ).toBeInViewport({ timeout: 30_000 });
  // One request drew the rows around now: the page that contains now, nothing before or after it.
  expect(calls).toHaveLength(1);
  expect(calls[0]!.path).toMatch(/\/page-at$/);
  // The browser's clock runs on from E2E_NOW while the test logs in.
  expect(Math.abs(Date.parse(String(calls[0]!.body.at)) - nowMs)).toBeLessThan(60_000);

  // Scrolling up to the start of the window asks for the earlier rows, and the oldest one arrives.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(list.getByRole('listitem').filter({ hasText: nr(rows[0]!) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(calls.filter((c) => c.body.before).length).toBeGreaterThanOrEqual(1);
  expect(calls.filter((c) => c.body.after)).toHaveLength(0);
});

test('the list is one Tab stop with arrow keys inside, c and e act on the row, rows and switches are named (item 23)', async ({
  page,
  request,
  centres,
}) => {
  const day = workdayAhead(20);
  const api = await apiAs(request, centres.logins.admin);
  await series(api, day, '07:00', 3, ['Tara', 'Taste']);
  await openAppointments(page, centres.logins.admin);
  await chooseView(page, 'Kompakt');
  // That day as a one-day range through the picker, as a person would ('Heute' first, so it opens on this month).
  await page.getByRole('button', { name: 'Heute', exact: true }).click();
  await page.getByRole('button', { name: 'Zeitraum', exact: true }).click();
  const months =
    (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Nächster Monat' }).click();
  const dayButton = page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${Number(day.slice(8, 10))} `) });
  await dayButton.click();
  await dayButton.click();
  await page.keyboard.press('Escape');

  const list = page.getByRole('list', { name: 'Termine' });
  const germanDay = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
  // Each row is named for screen readers: customer, day and time, state; each switch with the customer.
  const first = list.getByRole('group', { name: `Tara Taste, ${germanDay}, 07:00 Uhr, Bestätigt, nicht eingecheckt` });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole('switch', { name: 'Eingecheckt: Tara Taste' })).toHaveCount(3);

  // Into the list with Tab from the control before it (the view's): the first row; one more Tab leaves the list.
  await page.getByRole('button', { name: 'Kompakt', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await list.evaluate((ul) => ul.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(first).toBeFocused();

  // Arrows move, 'c' checks in, 'e' opens the result of the focused row.
  await page.keyboard.press('ArrowDown');
  const second = list.getByRole('group', { name: `Tara Taste, ${germanDay}, 07:10 Uhr, Bestätigt, nicht eingecheckt` });
  await expect(second).toBeFocused();
  await page.keyboard.press('c');
  await expect(
    list.getByRole('group', { name: `Tara Taste, ${germanDay}, 07:10 Uhr, Bestätigt, Eingecheckt` }),
  ).toBeFocused();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: 'Ergebnis eintragen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Tara Taste');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The cards: Tab from a card passes its own controls only, then leaves the list.
  await chooseView(page, 'Karten');
  const card = list.getByRole('group', { name: new RegExp(`^Tara Taste, ${germanDay}, 07:00 Uhr`) });
  await card.focus();
  const ownControls = await card.evaluate(
    (el) =>
      [...el.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (c) => c.tabIndex >= 0 && !(c as HTMLButtonElement).disabled,
      ).length,
  );
  const listControls = await list.evaluate(
    (ul) => ul.querySelectorAll('a[href], button:not([disabled]), input:not([disabled])').length,
  );
  let presses = 0;
  while (await list.evaluate((ul) => ul.contains(document.activeElement))) {
    await page.keyboard.press('Tab');
    presses++;
    if (presses > listControls) break;
  }
  expect(presses).toBeLessThanOrEqual(ownControls + 1);
  expect(presses).toBeLessThan(listControls);
  await expectAccessible(page);
});
