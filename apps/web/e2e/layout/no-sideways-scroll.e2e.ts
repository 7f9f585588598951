import type { Page } from '@playwright/test';
import { expect, signIn, type TestCentres, test } from '../fixtures';

// Three logins, every screen of their sidebars, on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

/**
 * The screens a login reaches beyond its sidebar that a desk worker opens all
 * day: the search results, the schedule's special days, the PCR labs' tabs.
 * Paths with :id are the login's centre.
 */
const EXTRA_SCREENS: Partial<Record<keyof TestCentres['logins'], string[]>> = {
  admin: [
    '/',
    '/search?q=Mustermann',
    '/staff/:id/specialDays',
    '/pcr-labs/appointments',
    '/pcr-labs/orders',
    // the own sessions' table (issue 30)
    '/my-access',
  ],
  pharmacy: ['/'],
  platform: [],
};

/** Links followed from a list screen (its path ends with `from`): the first link in it matching `link`. */
const FOLLOW = [
  { from: '/InstitutionList', link: 'a[href^="/institution/"]' },
  { from: '/customers', link: 'a[href^="/customer/"][href$="/appointments"]' },
  { from: '/customers', link: 'a[href^="/customer/"][href$="/edit"]' },
];

/** The internal links of the sidebar (it may be folded into the burger menu, but its links are in the page). */
function sidebarPaths(page: Page) {
  return page
    .locator('nav[aria-label="Hauptnavigation"] a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
}

/** Waits until the screen has drawn its data: no request under way, no spinner left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .mantine-Loader:visible')).toHaveCount(0);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

/**
 * What does not fit on the screen just shown: the page wider than the window,
 * a box inside the page that scrolls sideways (a table that only moved its
 * overflow into a scroll container), and badge, button, tab or segment labels
 * whose text is cut ("QR" drawn as "QI", "AK…").
 */
function misfits(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`Seite ${root.scrollWidth} px breiter als ${root.clientWidth}`);
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth && el.checkVisibility();
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('main *')) {
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || !shown(el)) continue;
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        found.push(`scrollt seitwärts: ${name(el)}`);
    }
    const labels =
      '.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-SegmentedControl-label';
    for (const el of document.querySelectorAll(labels)) {
      if (shown(el) && el.scrollWidth > el.clientWidth) found.push(`abgeschnitten: ${name(el)}`);
    }
    return found;
  });
}

/** The two sizes of the issue: a 1024×768 tablet and a 1280×800 laptop. */
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** Each screen at both sizes: one visit, the window resized (the layout follows without a reload). */
async function misfitsAtBothSizes(page: Page, where: string) {
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // Components that measure their width (tables, the virtual list) need a few frames after a resize: what
    // still does not fit after two seconds does not fit.
    const settleUntil = Date.now() + 2000;
    let found = await misfits(page);
    while (found.length > 0 && Date.now() < settleUntil) {
      await page.waitForTimeout(100);
      found = await misfits(page);
    }
    for (const p of found) problems.push(`${viewport.width}×${viewport.height} ${where}: ${p}`);
  }
  return problems;
}

async function checkScreens(page: Page, centres: TestCentres, who: keyof TestCentres['logins']) {
  await signIn(page, centres.logins[who]);
  await settled(page);
  const staffId = await page.evaluate(() => JSON.parse(localStorage.getItem('tz.session')!).login.bookly_staff_id);
  const paths = [...new Set([...(await sidebarPaths(page)), ...(EXTRA_SCREENS[who] ?? [])])].map((p) =>
    p.replace(':id', String(staffId)),
  );
  expect(paths.length).toBeGreaterThan(3);
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    problems.push(...(await misfitsAtBothSizes(page, `${who} ${path}`)));
    // One level deeper where a list leads to a screen of its own: a group (members and appointments),
    // a customer's appointments and edit screen.
    for (const link of FOLLOW.filter((f) => path.endsWith(f.from))) {
      const target = page.locator(`main ${link.link}`).first();
      if (!(await target.count())) continue;
      const href = (await target.getAttribute('href'))!;
      await page.goto(href);
      await settled(page);
      problems.push(...(await misfitsAtBothSizes(page, `${who} ${href}`)));
      await page.goto(path);
      await settled(page);
    }
    if (path === '/appointments') {
      // Both views of the list: the cards and the compact lines.
      for (const view of ['Kompakt', 'Karten']) {
        await page.getByRole('button', { name: view, exact: true }).click();
        await settled(page);
        problems.push(...(await misfitsAtBothSizes(page, `${who} ${path} (${view})`)));
      }
    }
  }
  return problems;
}

// The centre's screens in one test, the pharmacy's and the platform's in another: the two run side by side.
for (const logins of [['admin'], ['pharmacy', 'platform']] as const) {
  test(`${logins.join(' and ')}: at 1024×768 and 1280×800 no screen scrolls sideways and no badge or button label is cut`, async ({
    page,
    centres,
  }) => {
    const problems: string[] = [];
    for (const who of logins) problems.push(...(await checkScreens(page, centres, who)));
    expect(problems).toEqual([]);
  });
}
