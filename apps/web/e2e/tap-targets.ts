import type { Page } from '@playwright/test';

/** Everything a finger can activate: links, buttons, fields, and elements with an interactive role. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="combobox"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The interactive elements on the page whose target is smaller than
 * `min` × `min` CSS pixels (WCAG 2.5.5; 44 on touch screens, issue 26), as
 * readable lines ('button "Weiter" 80×36'). The target of a field is its own
 * box or, for checkboxes and radios, that of its label, which activates it
 * as well. Left out: disabled elements, elements not rendered, and content
 * hidden from everyone (aria-hidden, such as the booking form's honeypot).
 * Elements scrolled out of view count: the whole page is checked.
 */
export async function smallTapTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const name = (el: Element) =>
        (
          el.getAttribute('aria-label') ||
          (el as HTMLInputElement).labels?.[0]?.textContent ||
          el.textContent ||
          el.getAttribute('placeholder') ||
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 50);
      const small: string[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        if (el.closest('[aria-hidden="true"]')) continue;
        if ((el as HTMLButtonElement).disabled) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const own = el.getBoundingClientRect();
        if (own.width === 0 && own.height === 0) continue;
        const labels = Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.getBoundingClientRect());
        const fits = [own, ...labels].some((b) => b.width >= min - 0.5 && b.height >= min - 0.5);
        if (!fits) {
          const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
          small.push(`${role} "${name(el)}" ${Math.round(own.width)}×${Math.round(own.height)}`);
        }
      }
      return small;
    },
    { selector: INTERACTIVE, min },
  );
}
