/** How the billing overview writes months and amounts, on screen, in the CSV and in the PDF. */

import { GERMAN_MONTHS } from '../rules/german-date';

/** 'YYYY-MM' → 'Mai 2026'. */
export const germanMonth = (month: string) =>
  `${GERMAN_MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** Cents as German euros without the sign, for spreadsheets: 123456 → '1234,56'. */
export const euroCells = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Cents as German euros for people: 123456 → '1.234,56 €'. */
export const euroText = (cents: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;

/** The months from 'YYYY-MM' to 'YYYY-MM', both included. */
export function monthsFromTo(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  while (y * 12 + m <= end) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The first day 'YYYY-MM-DD' of the month after 'YYYY-MM'. */
export function firstOfNextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
