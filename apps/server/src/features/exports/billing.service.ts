import { SELF_PAYER_CLASSIFICATION_ID } from '@tz/shared/constants';
import type { BillingFigures, BillingOverview, BillingQuery, BillingRow } from '@tz/shared/exports/billing.contract';
import {
  BILLING_COLUMNS,
  type BillingLine,
  csvTitle,
  groupLine,
  monthSumLine,
} from '@tz/shared/exports/billing-columns';
import { firstOfNextMonth, germanMonth, monthsFromTo } from '@tz/shared/exports/billing-format';
import { germanDateTimeOf } from '@tz/shared/rules/german-date';
import { zonedInstant } from '@tz/shared/rules/time-zone';
import type { AppDeps } from '../../app-deps';
import { now } from '../../clock';
import { AppError } from '../../http/app-error';
import { type CsvColumn, csvTable } from '../appointments/appointments.csv';
import * as repo from './billing.repository';
import { renderBillingPdf } from './billing-pdf';
import * as exportsRepo from './exports.repository';

const ZERO: BillingFigures = {
  tests: 0,
  self_payer: 0,
  free: 0,
  contribution: 0,
  none: 0,
  amount_cents: 0,
  self_payer_cents: 0,
  contribution_cents: 0,
};
const FIGURES = Object.keys(ZERO) as (keyof BillingFigures)[];

function add(a: BillingFigures, b: BillingFigures): BillingFigures {
  const sum = { ...a };
  for (const k of FIGURES) sum[k] += b[k];
  return sum;
}

const NO_LEGAL_BASIS = 'Keine Rechtsgrundlage gewählt';
const NO_TEST_TYPE = 'Ohne Testart';

/**
 * The billing overview of the months from … to (docs/exports.md "Billing
 * overview"): the database groups the performed tests, this adds labels,
 * the empty months and the totals.
 */
export async function overview(deps: AppDeps, staffId: number, q: BillingQuery): Promise<BillingOverview> {
  const centre = await exportsRepo.findCentre(deps.db, staffId);
  if (!centre) throw AppError.notFound();
  const zone = centre.time_zone;
  const from = zonedInstant(`${q.from}-01`, '00:00', zone);
  const till = zonedInstant(firstOfNextMonth(q.to), '00:00', zone);
  const [groups, labels] = await Promise.all([
    repo.billingGroups(deps.db, staffId, from, till, zone),
    exportsRepo.labels(deps.db),
  ]);
  const months = monthsFromTo(q.from, q.to).map((month) => {
    const rows: BillingRow[] = groups
      .filter((g) => g.month === month)
      .map((g) => ({
        legal_basis_id: g.payment_class_id,
        legal_basis:
          g.payment_class_id === null
            ? NO_LEGAL_BASIS
            : (labels.classes.get(g.payment_class_id) ?? `Klassifikation ${g.payment_class_id}`),
        test_type_id: g.test_type,
        test_type: g.test_type === null ? NO_TEST_TYPE : (labels.testTypes.get(g.test_type) ?? String(g.test_type)),
        chargeable: g.payment_class_id !== null && g.payment_class_id !== SELF_PAYER_CLASSIFICATION_ID,
        tests: g.tests,
        self_payer: g.self_payer,
        free: g.free,
        contribution: g.contribution,
        none: g.none,
        amount_cents: g.amount_cents,
        self_payer_cents: g.self_payer_cents,
        contribution_cents: g.contribution_cents,
      }));
    const totals = rows.reduce<BillingFigures>((sum, r) => add(sum, r), ZERO);
    return { month, rows, totals, chargeable_tests: rows.filter((r) => r.chargeable).reduce((n, r) => n + r.tests, 0) };
  });
  return {
    from: q.from,
    to: q.to,
    centre: centre.full_name,
    months,
    totals: months.reduce<BillingFigures>((sum, m) => add(sum, m.totals), ZERO),
    chargeable_tests: months.reduce((n, m) => n + m.chargeable_tests, 0),
  };
}

type CsvRow = { month: string; line: BillingLine };

/** The month in front, then the columns the screen and the PDF show (billing-columns.ts). */
const COLUMNS: CsvColumn<CsvRow, undefined>[] = [
  ['Monat', (r) => germanMonth(r.month)],
  ...BILLING_COLUMNS.map((c): CsvColumn<CsvRow, undefined> => [csvTitle(c), (r) => c.cell(r.line)]),
];
export const billingCsv = csvTable(COLUMNS);

const fileBase = (staffId: number, q: BillingQuery) => `abrechnung_${q.from}_${q.to}_${staffId}`;

/** The overview as CSV for German Excel: one line per group, a sum line per month. */
export async function overviewCsv(deps: AppDeps, staffId: number, q: BillingQuery) {
  const o = await overview(deps, staffId, q);
  const lines = [billingCsv.headerLine()];
  for (const m of o.months) {
    for (const r of m.rows) lines.push(billingCsv.line({ month: m.month, line: groupLine(r) }, undefined));
    lines.push(billingCsv.line({ month: m.month, line: monthSumLine(m) }, undefined));
  }
  return { csv: lines.join(''), filename: `${fileBase(staffId, q)}.csv` };
}

/** The overview as a printable PDF. */
export async function overviewPdf(deps: AppDeps, staffId: number, q: BillingQuery) {
  const o = await overview(deps, staffId, q);
  const centre = await exportsRepo.findCentre(deps.db, staffId);
  const pdf = await renderBillingPdf(o, germanDateTimeOf(now(), centre?.time_zone ?? 'Europe/Berlin'));
  return { pdf, filename: `${fileBase(staffId, q)}.pdf` };
}
