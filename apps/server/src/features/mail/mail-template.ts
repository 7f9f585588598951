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

/** The centre's legal details every mail ends with (settings: operator, register, VAT id, imprint). */
export interface LegalCentre {
  full_name: string;
  inv_entity: string | null;
  inv_street: string | null;
  inv_zip: string | null;
  inv_city: string | null;
  handelsregister_nummer: string | null;
  handelsregister_ort: string | null;
  UID: string | null;
  impressum_link: string | null;
}

const join = (sep: string, ...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(sep);

/**
 * A German mail body: salutation, the message, then the centre's signature
 * (settings field `info`) and contact data. The HTML part is the same text,
 * escaped, so no user data can inject markup; web addresses become links.
 * The legal footer is added centrally when the mail is queued (mail-outbox.ts).
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
  return { text, html: `<div style="font-family:sans-serif">${textToHtml(text)}</div>` };
}

/**
 * 'Amtsgericht Musterstadt HRB 12345': the court as entered, or a bare place
 * name with the court added, and the number; empty without a number.
 */
export function commercialRegister(centre: Pick<LegalCentre, 'handelsregister_nummer' | 'handelsregister_ort'>) {
  if (!centre.handelsregister_nummer?.trim()) return '';
  const court = centre.handelsregister_ort?.trim();
  return join(' ', court && (/gericht/i.test(court) ? court : `Amtsgericht ${court}`), centre.handelsregister_nummer);
}

/**
 * The legal lines (operator with address, commercial register, VAT id,
 * imprint) of a centre, only those that are filled in; empty when none is.
 */
export function legalFooterLines(centre: LegalCentre): string[] {
  const operatorAddress = join(', ', centre.inv_street, join(' ', centre.inv_zip, centre.inv_city));
  const operator = centre.inv_entity?.trim() ? join(', ', centre.inv_entity, operatorAddress) : '';
  const register = commercialRegister(centre);
  return [
    operator && `Betreiber: ${operator}`,
    register ? `Handelsregister: ${register}` : '',
    centre.UID?.trim() ? `USt-IdNr.: ${centre.UID.trim()}` : '',
    centre.impressum_link?.trim() ? `Impressum: ${centre.impressum_link.trim()}` : '',
  ].filter(Boolean);
}

/** Appends the legal footer to both parts of a rendered mail. */
export function withLegalFooter(mail: { text: string; html?: string | undefined }, centre: LegalCentre) {
  const lines = legalFooterLines(centre);
  if (lines.length === 0) return mail;
  const footer = lines.join('\n');
  return {
    text: `${mail.text}\n\n${footer}`,
    html:
      mail.html === undefined
        ? undefined
        : `${mail.html}<div style="font-family:sans-serif;font-size:12px;color:#666;margin-top:16px">${textToHtml(footer)}</div>`,
  };
}

/** Escapes text for HTML, turns http(s) addresses into links and line breaks into <br>. */
export function textToHtml(text: string) {
  return escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (escapedUrl) => {
      // Sentence punctuation after an address is not part of it.
      const trail = /[.,;:!?)]+$/.exec(escapedUrl)?.[0] ?? '';
      const url = escapedUrl.slice(0, escapedUrl.length - trail.length);
      return `<a href="${url}">${url}</a>${trail}`;
    })
    .replace(/\n/g, '<br>');
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** "Guten Tag Max Mustermann," or a neutral salutation without a name. */
export const salutation = (first?: string | null, last?: string | null) => {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
};
