import { Typography } from '@mantine/core';
import { useMemo } from 'react';

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'A',
  'H3',
  'H4',
  'SMALL',
  'SPAN',
]);

/**
 * Keeps only harmless formatting of an html question: an allow-list of tags,
 * no attributes except http(s)/mailto links. Form texts come from the
 * database, so they are treated as untrusted.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const clean = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        // Unknown elements keep their text only; script/style lose everything.
        if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE') child.remove();
        else child.replaceWith(doc.createTextNode(child.textContent ?? ''));
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const keep = child.tagName === 'A' && attr.name === 'href' && /^(https?:|mailto:)/i.test(attr.value.trim());
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      clean(child);
    }
  };
  clean(root);
  return root.innerHTML;
}

export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above with an allow-list
  return <Typography dangerouslySetInnerHTML={{ __html: clean }} />;
}
