import type { Page } from 'playwright-core';

/** What the appointments screen must show for one day: the total and its first and last rows. */
export interface DayOnScreen {
  count: number;
  /** The bare number ('000381') of the first and the last row: the cards show it as 'Nr. 000381', the compact lines alone. */
  firstNr: string | null;
  lastNr: string | null;
}

const TIMEOUT_MS = 60_000;

/**
 * The few browser globals the in-page functions use. The server's compiler
 * has no DOM types (and should not get them for the whole program), so each
 * function takes them from globalThis under this shape.
 */
interface PageElement {
  textContent: string | null;
  click(): void;
}
interface PageGlobals {
  document: {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
    body: PageElement;
    documentElement: { scrollHeight: number };
  };
  window: {
    scrollY: number;
    innerHeight: number;
    scrollTo(x: number, y: number): void;
    scrollBy(x: number, y: number): void;
  };
  requestAnimationFrame(callback: (now: number) => void): number;
}

/*
 * The functions below run in the page (Playwright sends their source). They
 * declare no named inner functions on purpose: tsx compiles with keepNames,
 * which wraps those in a `__name()` helper that does not exist in the page.
 */

/**
 * Clicks the preset button `label` (when given) and resolves with the
 * milliseconds until `day` is on screen: its total ('1504 Termine') and
 * its first row in the list, or the empty-day text.
 * Measured inside the page: the clock starts right before the click and is
 * read in the first animation frame that shows the result, so neither the
 * test driver's round trips nor its polling interval count.
 */
export function clickAndWaitForDay(page: Page, label: string | null, day: DayOnScreen): Promise<number> {
  return page.evaluate(
    async ({ label, day, timeoutMs }) => {
      const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      const total = day.count === 1 ? '1 Termin' : `${day.count} Termine`;
      const button = label
        ? [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label)
        : undefined;
      if (label && !button) throw new Error(`Knopf ${label} fehlt`);
      const started = performance.now();
      button?.click();
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        const ms = performance.now() - started;
        const first = document.querySelector('ul[aria-label="Termine"] > li');
        const shown =
          day.count === 0
            ? (document.body.textContent ?? '').includes('Keine Termine gefunden')
            : [...document.querySelectorAll('[aria-live="polite"]')].some((e) => e.textContent === total) &&
              !!day.firstNr &&
              (first?.textContent ?? '').includes(day.firstNr);
        if (shown) return ms;
        if (ms > timeoutMs) throw new Error(`${total} nicht sichtbar nach ${Math.round(ms)} ms`);
      }
    },
    { label, day, timeoutMs: TIMEOUT_MS },
  );
}

/** Waits until the screen shows a list with its total (whatever the range), e.g. after opening it. */
export async function waitForList(page: Page) {
  await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as PageGlobals;
      return (
        !!document.querySelector('ul[aria-label="Termine"] > li') &&
        [...document.querySelectorAll('[aria-live="polite"]')].some((e) => /^\d+ Termine?$/.test(e.textContent ?? ''))
      );
    },
    undefined,
    { timeout: TIMEOUT_MS, polling: 'raf' },
  );
}

export interface ScrollRun {
  /** Time between consecutive animation frames while scrolling. */
  frameMs: number[];
  seconds: number;
  /** False when the time ran out before the last row was on screen. */
  reachedEnd: boolean;
  /** The most row elements (li of the list 'Termine', placeholders included) any frame had. */
  maxRows: number;
}

/**
 * Scrolls from the top to the last row of the day, `stepPx` per animation
 * frame (the list loads its pages on the way), and records every frame's
 * duration and the rendered rows. Done when the last row is rendered and the
 * window is at the bottom, or after `timeoutMs` (then `reachedEnd` is false).
 */
export function scrollToLastRow(page: Page, lastNr: string, stepPx: number, timeoutMs: number): Promise<ScrollRun> {
  return page.evaluate(
    async ({ lastNr, stepPx, timeoutMs }) => {
      const { document, window, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      window.scrollTo(0, 0);
      const frameMs: number[] = [];
      let maxRows = 0;
      const first = await new Promise<number>((frame) => requestAnimationFrame(frame));
      let previous = first;
      for (;;) {
        window.scrollBy(0, stepPx);
        const now = await new Promise<number>((frame) => requestAnimationFrame(frame));
        frameMs.push(now - previous);
        previous = now;
        const rows = document.querySelectorAll('ul[aria-label="Termine"] > li');
        maxRows = Math.max(maxRows, rows.length);
        const last = rows[rows.length - 1];
        const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        const reachedEnd = bottom && (last?.textContent ?? '').includes(lastNr);
        if (reachedEnd || now - first > timeoutMs) {
          return { frameMs, seconds: (now - first) / 1000, reachedEnd, maxRows };
        }
      }
    },
    { lastNr, stepPx, timeoutMs },
  );
}

/**
 * The whole 30-day window from where 'Ab jetzt' opened it (at now): up to
 * its first row, `stepPx` per frame (the earlier pages load on the way),
 * then to the bottom in one jump per frame until its last row has loaded
 * (the rows after now, a few pages). Frames and rendered rows as in
 * scrollToLastRow; `timeoutMs` covers both ways.
 */
export function scrollThroughWindow(
  page: Page,
  ends: { firstNr: string; lastNr: string },
  stepPx: number,
  timeoutMs: number,
): Promise<ScrollRun> {
  return page.evaluate(
    async ({ ends, stepPx, timeoutMs }) => {
      const { document, window, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      const frameMs: number[] = [];
      let maxRows = 0;
      const first = await new Promise<number>((frame) => requestAnimationFrame(frame));
      let previous = first;
      let up = true;
      for (;;) {
        if (up) window.scrollBy(0, -stepPx);
        else window.scrollTo(0, document.documentElement.scrollHeight);
        const now = await new Promise<number>((frame) => requestAnimationFrame(frame));
        frameMs.push(now - previous);
        previous = now;
        const rows = document.querySelectorAll('ul[aria-label="Termine"] > li');
        maxRows = Math.max(maxRows, rows.length);
        if (now - first > timeoutMs) return { frameMs, seconds: (now - first) / 1000, reachedEnd: false, maxRows };
        if (up) {
          // At the top once the window's first row is loaded and drawn (not a placeholder).
          const top = document.querySelector('ul[aria-label="Termine"] > li[data-index="0"]');
          up = !(window.scrollY <= 0 && (top?.textContent ?? '').includes(ends.firstNr));
        } else {
          const last = rows[rows.length - 1];
          const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          if (bottom && (last?.textContent ?? '').includes(ends.lastNr)) {
            return { frameMs, seconds: (now - first) / 1000, reachedEnd: true, maxRows };
          }
        }
      }
    },
    { ends, stepPx, timeoutMs },
  );
}

/**
 * A page script (added before every navigation) for 'Ab jetzt': the screen
 * shows what a person came for once it shows the window's total and a loaded
 * row of `today` in view below the header. It defines that check as
 * `window.__benchAtNowShown()` and, from the navigation on, notes the first
 * animation frame that passes it as `window.__benchShownMs` (the time since
 * the navigation started, performance.now() of the new document); it stops
 * looking after a minute. A string, not a function: see the note above.
 */
export function shownAtNowScript(expected: { total: string; today: string }) {
  return `(() => {
    const expected = ${JSON.stringify(expected)};
    window.__benchAtNowShown = () =>
      [...document.querySelectorAll('[aria-live="polite"]')].some((e) => e.textContent === expected.total) &&
      [...document.querySelectorAll('ul[aria-label="Termine"] > li[data-day]')].some((li) => {
        if (li.dataset.day !== expected.today) return false;
        const r = li.getBoundingClientRect();
        return r.bottom > 60 && r.top < window.innerHeight;
      });
    const look = () => {
      if (window.__benchAtNowShown()) window.__benchShownMs = performance.now();
      else if (performance.now() < 60000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  })();`;
}

/**
 * Clicks 'Termine' in the sidebar (from another screen) and resolves with the
 * milliseconds until the screen, opened on 'Ab jetzt', shows the rows at now
 * and the total (`__benchAtNowShown` of shownAtNowScript), measured in the
 * page as clickAndWaitForDay does.
 */
export function clickTermineAndWaitForNow(page: Page): Promise<number> {
  return page.evaluate(
    async ({ timeoutMs }) => {
      const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
      const shown = (globalThis as unknown as { __benchAtNowShown: () => boolean }).__benchAtNowShown;
      const link = [...document.querySelectorAll('nav[aria-label="Hauptnavigation"] a')].find(
        (a) => a.textContent?.trim() === 'Termine',
      );
      if (!link) throw new Error('Termine fehlt in der Navigation');
      const started = performance.now();
      link.click();
      for (;;) {
        await new Promise((frame) => requestAnimationFrame(frame));
        const ms = performance.now() - started;
        if (shown()) return ms;
        if (ms > timeoutMs) throw new Error(`Termine ab jetzt nicht sichtbar nach ${Math.round(ms)} ms`);
      }
    },
    { timeoutMs: TIMEOUT_MS },
  );
}
