/**
 * What a search text can mean (core-workflow §2 "Search and QR scan", §7):
 * a name (case and accents folded, so Müller = Mueller, José = Jose), a birthday DD.MM.YYYY,
 * an email address, a phone number, an appointment number or a token. The
 * server asks for every meaning the text can have; one text may have several
 * (digits: appointment number and phone).
 */
import { parseGermanDate } from './german-date';
import { foldForSearch } from './search-fold';

/** The longest search text. */
export const SEARCH_MAX_LENGTH = 100;
/** Most customers and appointments one search answers. */
export const SEARCH_MAX_CUSTOMERS = 50;
export const SEARCH_MAX_APPOINTMENTS = 100;

export interface SearchTerms {
  /** The folded text, when it has letters: matched against names. */
  name: string | null;
  /** YYYY-MM-DD when the text is a date DD.MM.YYYY. */
  birthday: string | null;
  /** The lower-cased address when the text contains @. */
  email: string | null;
  /** The digits when the text looks like a phone number (at least 5 digits, nothing but digits, spaces, + / - ( )). */
  phone: string | null;
  /** The number when the text is all digits: an appointment number, or its last 6 digits as the list shows them. */
  appointmentNumber: number | null;
  /** The text as it is: a token is compared exactly. */
  token: string;
}

export function searchTerms(input: string): SearchTerms {
  const text = input.trim();
  const birthday = parseGermanDate(text);
  const email = text.includes('@') ? text.toLowerCase() : null;
  const phoneLike = /^[\d\s+/()-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const appointmentNumber = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return {
    name: !birthday && !email && /\p{L}/u.test(text) ? foldForSearch(text) : null,
    birthday,
    email,
    phone: phoneLike.length >= 5 ? phoneLike : null,
    appointmentNumber,
    token: text,
  };
}
