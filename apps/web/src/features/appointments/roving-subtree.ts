import { type RefObject, useLayoutEffect } from 'react';

/** What the browser's Tab key can reach. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** The tabindex an element had before this hook took it out of the tab order ('' for none). */
const SAVED = 'data-roving-tabindex';

/**
 * Takes every control inside `ref` out of the tab order while `tabbable` is
 * false, and puts each back as it was when it turns true: the list is one Tab
 * stop (the active row), and only that row's own controls follow it. The
 * controls stay clickable, and controls that appear later (a menu, a loading
 * button redrawn) are caught as they come. Done on the DOM, so the rows of
 * other areas (receipts, forms, groups) need no prop for it. `shown` names
 * what makes `ref`'s element appear or go (it is looked at again then).
 */
export function useRovingSubtree(ref: RefObject<HTMLElement | null>, tabbable: boolean, shown: unknown = true) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` brings the element behind `ref` (the compact line's details): look again when it comes
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const apply = () => {
      for (const el of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        const saved = el.getAttribute(SAVED);
        if (tabbable) {
          if (saved === null) continue;
          if (saved === '') el.removeAttribute('tabindex');
          else el.setAttribute('tabindex', saved);
          el.removeAttribute(SAVED);
        } else if (saved === null && el.tabIndex >= 0) {
          el.setAttribute(SAVED, el.getAttribute('tabindex') ?? '');
          el.tabIndex = -1;
        }
      }
    };
    apply();
    if (tabbable) return;
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, tabbable, shown]);
}
