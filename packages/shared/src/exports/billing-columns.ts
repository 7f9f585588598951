/**
 * The columns of the billing overview, once for the screen, the PDF and the
 * CSV (issue 26 item 14: the three showed different ones). docs/exports.md
 * "The billing overview" says how each figure is derived.
 */

import type { BillingFigures, BillingMonth, BillingRow } from './billing.contract';
import { euroCells, euroText } from './billing-format';

/** Marks where a header may break on the screen and in the PDF ('Eigen-beteiligung'); the CSV has none. */
export const SOFT_HYPHEN = '\u00AD';

/** A line of a month's table: a group of tests, or a sum (the month's, the period's). */
export type BillingLine = BillingFigures &
  (
    | { kind: 'group'; legal_basis: string; test_type: string; chargeable: boolean }
    | { kind: 'sum'; label: string; chargeable_tests: number }
  );

export const groupLine = (r: BillingRow): BillingLine => ({ ...r, kind: 'group' });
export const sumLine = (label: string, totals: BillingFigures, chargeableTests: number): BillingLine => ({
  ...totals,
  kind: 'sum',
  label,
  chargeable_tests: chargeableTests,
});
export const monthSumLine = (m: BillingMonth) => sumLine('Summe des Monats', m.totals, m.chargeable_tests);

export interface BillingColumn {
  /** The header, with soft hyphens where it may break. */
  title: string;
  /** Text is left-aligned, counts and amounts (in euros) right-aligned. */
  kind: 'text' | 'count' | 'amount';
  /** The cell as people read it (screen, PDF): amounts as '1.234,56 €'. */
  text: (l: BillingLine) => string;
  /** The cell for a spreadsheet (CSV): amounts as '1234,56' (the header names the euro). */
  cell: (l: BillingLine) => string;
}

const textColumn = (title: string, text: (l: BillingLine) => string): BillingColumn => ({
  title,
  kind: 'text',
  text,
  cell: text,
});
const countColumn = (title: string, key: keyof BillingFigures): BillingColumn => ({
  title,
  kind: 'count',
  text: (l) => String(l[key]),
  cell: (l) => String(l[key]),
});
const amountColumn = (title: string, key: keyof BillingFigures): BillingColumn => ({
  title,
  kind: 'amount',
  text: (l) => euroText(l[key]),
  cell: (l) => euroCells(l[key]),
});

const s = SOFT_HYPHEN;

/** In order, as all three show them (the CSV puts the month in front, the screen and the PDF head each month's table with it). */
export const BILLING_COLUMNS: readonly BillingColumn[] = [
  textColumn(`Rechts${s}grundlage`, (l) => (l.kind === 'group' ? l.legal_basis : l.label)),
  textColumn('Testart', (l) => (l.kind === 'group' ? l.test_type : '')),
  // A group is chargeable or not; a sum line counts its chargeable tests (what the claim to the KV needs).
  {
    title: `Abrechen${s}bar (TestV)`,
    kind: 'text',
    text: (l) => (l.kind === 'group' ? (l.chargeable ? 'ja' : 'nein') : `${l.chargeable_tests} Tests`),
    cell: (l) => (l.kind === 'group' ? (l.chargeable ? 'ja' : 'nein') : String(l.chargeable_tests)),
  },
  countColumn('Tests', 'tests'),
  countColumn(`Selbst${s}zahler`, 'self_payer'),
  countColumn(`kosten${s}los (TestV)`, 'free'),
  countColumn(`TestV mit Eigen${s}beteiligung`, 'contribution'),
  countColumn(`ohne Rechts${s}grundlage`, 'none'),
  amountColumn('Betrag gesamt', 'amount_cents'),
  amountColumn(`davon Selbst${s}zahler`, 'self_payer_cents'),
  amountColumn(`davon Eigen${s}beteiligung`, 'contribution_cents'),
];

/** A header without its break marks: 'Eigenbeteiligung'. */
export const plainTitle = (c: BillingColumn) => c.title.replaceAll(SOFT_HYPHEN, '');

/** The CSV's header of a column: amounts say their unit, since their cells have no euro sign. */
export const csvTitle = (c: BillingColumn) => (c.kind === 'amount' ? `${plainTitle(c)} (EUR)` : plainTitle(c));
