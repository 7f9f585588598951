import { expect, signIn, test } from '../fixtures';

test.describe.configure({ timeout: 180_000 });
test('debug', async ({ page, centres }) => {
  await signIn(page, centres.logins.admin);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Termine' }).click();
  await expect(page.getByRole('list', { name: 'Termine' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Kompakt', exact: true }).click();
  await page.waitForTimeout(2000);
  const state = () =>
    page.evaluate(() => {
      const lis = [...document.querySelectorAll('ul[aria-label="Termine"] > li')];
      const bar = document.querySelector('[data-list-toolbar]')!.getBoundingClientRect().bottom;
      return {
        y: window.scrollY,
        bar,
        h: document.documentElement.scrollHeight,
        first: lis[0]?.getAttribute('data-index'),
        last: lis.at(-1)?.getAttribute('data-index'),
        n: lis.length,
        top: lis.find((l) => l.getBoundingClientRect().top >= bar + 32)?.textContent?.slice(0, 60),
        topIndex: lis.find((l) => l.getBoundingClientRect().top >= bar + 32)?.getAttribute('data-index'),
      };
    });
  page.on('console', (m) => {
    if (!m.text().includes('applyScroll')) console.log('PAGE', m.text());
  });
  console.log('compact', await state());
  await page.evaluate(() => window.scrollBy(0, -1500));
  await page.waitForTimeout(1000);
  console.log('compact up', await state());
  await page.screenshot({ path: '/tmp/x/compact.png' });
  await page.getByRole('button', { name: 'Karten', exact: true }).click();
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(300);
    console.log('cards', await state());
  }
  await page.screenshot({ path: '/tmp/x/cards.png' });
});
