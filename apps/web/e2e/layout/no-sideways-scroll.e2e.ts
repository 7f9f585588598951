import type { Page } from '@playwright/test';
import { rawCodes } from '@tz/shared/testing/raw-codes';
import { expect, signIn, type TestCentres, test } from '../fixtures';

// Three logins, every screen of their sidebars, on a shared two-core machine.
test.describe.configure({ timeout: 480_000 });

/**
 * The screens a login reaches beyond its sidebar that a desk worker opens all
 * day: the search results, the schedule's special days, the PCR labs' tabs,
 * the forms behind the lists' buttons. Paths with :id are the login's centre.
 */
const EXTRA_SCREENS: Partial<Record<keyof TestCentres['logins'], string[]>> = {
  admin: [
    '/',
    '/search?q=Mustermann',
    '/staff/:id/specialDays',
    '/pcr-labs/appointments',
    '/pcr-labs/orders',
    '/appointment/customer/create',
    '/user/create',
    '/staff/:id/products/create',
    // the own sessions' table (issue 30)
    '/my-access',
  ],
  pharmacy: ['/', '/pharma/new/edit'],
  platform: [],
};

/** Links followed from a list screen (its path ends with `from`): the first link in it matching `link`. */
const FOLLOW = [
  { from: '/InstitutionList', link: 'a[href^="/institution/"]' },
  { from: '/customers', link: 'a[href^="/customer/"][href$="/appointments"]' },
  { from: '/customers', link: 'a[href^="/customer/"][href$="/edit"]' },
  { from: '/customers', link: 'a[href$="/create-appointment"]' },
  { from: '/appointments', link: 'a[href^="/appointments/"][href$="/edit"]' },
  { from: '/users', link: 'a[href^="/password/update/"]' },
  { from: '/products', link: 'a[href^="/staff/"][href*="/products/"]:not([href$="/create"])' },
  { from: '/pharma', link: 'a[href^="/pharma/"][href$="/edit"]:not([href*="/usage/"]):not([href^="/pharma/new/"])' },
  { from: '/pharma', link: 'a[href^="/pharma/"][href$="/documents"]' },
  { from: '/pharma', link: 'a[href*="/usage/"]:not([href*="/usage/new/"])' },
  { from: '/testcenter/all', link: 'a[href^="/testcenter_user/"]' },
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
    // The list's rows draw their badges themselves (appointment-row.module.css, class `badge` there).
    const labels =
      '.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-SegmentedControl-label, [class*="_badge_"]';
    for (const el of document.querySelectorAll(labels)) {
      if (shown(el) && el.scrollWidth > el.clientWidth) found.push(`abgeschnitten: ${name(el)}`);
    }
    return found;
  });
}

/**
 * The text a person reads on the screen (the page's rendered text and the
 * values shown in its fields), scanned for raw keys and codes: a snake_case
 * word or a bare number after a label (issue 26 "Proof").
 */
async function rawCodesShown(page: Page) {
  const text = await page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')]
      .filter((el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
      .filter((el) => !['hidden', 'password', 'checkbox', 'radio'].includes(el.type) && el.checkVisibility())
      .map((el) => el.value);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, without what is hidden, is the point
    return [document.body.innerText, ...values].join('\n');
  });
  return rawCodes(text).map((code) => `roher Code: "${code}"`);
}

/** The sizes of issues 14 and 26: a tablet held upright (768×1024) and across (1024×768), a 1280×800 laptop. */
const VIEWPORTS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** Each screen at every size: one visit, the window resized (the layout follows without a reload). */
async function misfitsAtEverySize(page: Page, where: string) {
  if (process.env.LAYOUT_TRACE) console.log(`visit ${where}`);
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
    found.push(...(await rawCodesShown(page)));
    for (const p of found) problems.push(`${viewport.width}×${viewport.height} ${where}: ${p}`);
  }
  return problems;
}

/** The screen at every size, and each of its tabs (the exports' monthly export and billing, the PCR tabs …). */
async function checkScreen(page: Page, where: string) {
  const problems = await misfitsAtEverySize(page, where);
  const tabs = page.locator('main [role="tab"]');
  // The tabs to open: not the one shown, not a disabled one ('Produkte – Demnächst').
  const others = await tabs.evaluateAll((all) =>
    all
      .map((t, i) => ({
        i,
        name: (t.textContent ?? '').trim(),
        usable:
          !t.hasAttribute('disabled') && !t.hasAttribute('data-disabled') && t.getAttribute('aria-selected') !== 'true',
      }))
      .filter((t) => t.usable),
  );
  for (const { i, name } of others) {
    await tabs.nth(i).click();
    await settled(page);
    problems.push(...(await misfitsAtEverySize(page, `${where} (Reiter ${name})`)));
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
    problems.push(...(await checkScreen(page, `${who} ${path}`)));
    // One level deeper where a list leads to a screen of its own: a group (members and appointments),
    // a customer's appointments and edit screen, an appointment, a prescription, a centre's first user.
    for (const link of FOLLOW.filter((f) => path.endsWith(f.from))) {
      // From the screen as it opens (checkScreen may have left it on another tab).
      await page.goto(path);
      await settled(page);
      const target = page.locator(`main ${link.link}`).first();
      if (!(await target.count())) continue;
      const href = (await target.getAttribute('href'))!;
      await page.goto(href);
      await settled(page);
      problems.push(...(await checkScreen(page, `${who} ${href}`)));
    }
    if (path === '/appointments') {
      await page.goto(path);
      await settled(page);
      // Both views of the list: the cards and the compact lines.
      for (const view of ['Kompakt', 'Karten']) {
        await page.getByRole('button', { name: view, exact: true }).click();
        await settled(page);
        problems.push(...(await misfitsAtEverySize(page, `${who} ${path} (${view})`)));
      }
    }
  }
  return problems;
}

// The centre's screens in one test, the pharmacy's and the platform's in another: the two run side by side.
for (const logins of [['admin'], ['pharmacy', 'platform']] as const) {
  test(`${logins.join(' and ')}: at 768×1024, 1024×768 and 1280×800 no screen scrolls sideways, no badge or button label is cut and no raw key or code is shown`, async ({
    page,
    centres,
  }) => {
    const problems: string[] = [];
    for (const who of logins) problems.push(...(await checkScreens(page, centres, who)));
    expect(problems).toEqual([]);
  });
}
