/** The centre data a mail closes with. */
export interface MailCentre {
  full_name: string;
  info: string | null;
  email: string | null;
  phone: string | null;
  tz_street: string | null;
  tz_street_number: string | null;
  tz_zip: string | null;
  tz_city: string | null;
}

/**
 * A German mail body: salutation, the message, then the centre's signature
 * (settings field `info`) and contact data. Plain text; the HTML part is the
 * same text, escaped, so no user data can inject markup.
 */
export function renderMail(centre: MailCentre, input: { salutation: string; paragraphs: string[] }) {
  const address = [
    [centre.tz_street, centre.tz_street_number].filter(Boolean).join(' '),
    [centre.tz_zip, centre.tz_city].filter(Boolean).join(' '),
  ].filter(Boolean);
  const contact = [centre.phone && `Telefon: ${centre.phone}`, centre.email && `E-Mail: ${centre.email}`].filter(
    Boolean,
  );
  const signature = centre.info?.trim() || `Mit freundlichen Grüßen\nIhr Team von ${centre.full_name}`;
  const text = [
    input.salutation,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    signature,
    '',
    '--',
    centre.full_name,
    ...address,
    ...contact,
  ].join('\n');
  const html = `<div style="font-family:sans-serif">${escapeHtml(text).replace(/\n/g, '<br>')}</div>`;
  return { text, html };
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** "Guten Tag Max Mustermann," or a neutral salutation without a name. */
export const salutation = (first?: string | null, last?: string | null) => {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
};
