import type { Locator, Page } from '@playwright/test';
import { isCheckedIn } from '@tz/shared/rules/checked-in';
import { apiAs, E2E_NOW, expect, expectAccessible, signIn, test } from '../fixtures';

// Issue 28: the cards and the compact lines are drawn in plain elements (appointment-row.module.css), not
// Mantine's components. What a person uses on them works as before, by pointer, and looks as it did.
test.describe.configure({ timeout: 120_000 });

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(E2E_NOW));
const nowSeconds = Math.floor(Date.parse(E2E_NOW) / 1000);

async function showToday(page: Page) {
  await page.getByRole('button', { name: 'Heute', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Heute', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

/** The box a person sees of an element, in whole pixels. */
const size = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { width: Math.round(r.width), height: Math.round(r.height) };
  });

test('cards and compact lines in plain elements: check-in by pointer is saved, a cancelled row is struck through, the result opens, the switch is drawn as before', async ({
  page,
  request,
  centres,
}) => {
  // Two appointments before the seeded ones of today, so they are the first rows of 'Heute'.
  const api = await apiAs(request, centres.logins.admin);
  const options = await api.get<{ services: { id: number; title: string; active: boolean }[] }>(
    '/appointments/options',
  );
  const service = options.services.find((s) => s.active && s.title === 'Antigen-Schnelltest Selbstzahler')!;
  await api.post('/appointments/with-customer', {
    staff_id: api.staffId,
    service_id: service.id,
    date: today,
    time: '06:00',
    overbook: true,
    first_name: 'Pia',
    last_name: 'Plain',
    number_of_new_appointments: 2,
  });
  const mine = async () =>
    (await api.appointments({ startdate: nowSeconds - 86_400, enddate: nowSeconds + 86_400 })).filter(
      (r) => r.customer_lastname === 'Plain',
    );

  await signIn(page, centres.logins.admin);
  await page.goto('/appointments');
  await showToday(page);
  const list = page.getByRole('list', { name: 'Termine' });
  const first = list.getByRole('group', { name: /^Pia Plain, .*06:00 Uhr/ });
  const second = list.getByRole('group', { name: /^Pia Plain, .*06:10 Uhr/ });
  await expect(first).toBeVisible({ timeout: 30_000 });

  // The card: the switch is Mantine's Switch sm in size, with its word beside it; a click on the word checks in.
  const cardSwitch = first.getByRole('switch', { name: 'Eingecheckt: Pia Plain' });
  await expect(cardSwitch).not.toBeChecked();
  expect(await size(cardSwitch)).toEqual({ width: 38, height: 20 });
  await first.getByText('Eingecheckt', { exact: true }).click();
  await expect(cardSwitch).toBeChecked();
  await expect.poll(async () => isCheckedIn((await mine())[0]!.checked_in)).toBe(true);

  // Cancelling the second: struck through on a grey card, 'Storniert' among its badges.
  await second.getByRole('button', { name: 'Termin von Pia Plain stornieren' }).click();
  await page.getByRole('dialog', { name: 'Termin stornieren?' }).getByRole('button', { name: 'Ja' }).click();
  await expect.poll(async () => (await mine())[1]!.status).toBe('cancelled');
  const struck = second.getByText('Pia Plain', { exact: true });
  await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
  await expect(second.getByText('Storniert', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The compact line: the check-in shows, a click on the switch takes it back and is saved.
  await page.getByRole('button', { name: 'Kompakt', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Kompakt', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const lineSwitch = first.getByRole('switch', { name: 'Eingecheckt: Pia Plain' });
  await expect(lineSwitch).toBeChecked();
  expect(await size(lineSwitch)).toEqual({ width: 38, height: 20 });
  await lineSwitch.click();
  await expect(lineSwitch).not.toBeChecked();
  await expect.poll(async () => isCheckedIn((await mine())[0]!.checked_in)).toBe(false);
  // A line is 40 px high; the cancelled one is struck through and says so.
  expect((await size(first)).height).toBe(40);
  await expect(second.getByText('Pia Plain', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(second.getByText('Storniert', { exact: true })).toBeVisible();

  // Its result button opens the result dialog; its toggle opens the full card below the line.
  await first.getByRole('button', { name: 'Ergebnis eintragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ergebnis eintragen' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const toggle = first.getByRole('button', { name: 'Details und weitere Aktionen zu Pia Plain' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(first.getByRole('link', { name: 'Bearbeiten' })).toBeVisible();
  await expectAccessible(page);
});
