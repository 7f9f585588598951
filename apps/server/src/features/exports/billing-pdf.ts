import type { BillingOverview } from '@tz/shared/exports/billing.contract';
import {
  BILLING_COLUMNS,
  type BillingLine,
  groupLine,
  monthSumLine,
  SOFT_HYPHEN,
  sumLine,
} from '@tz/shared/exports/billing-columns';
import { germanMonth } from '@tz/shared/exports/billing-format';
import PDFDocument from 'pdfkit';

/** The widths (pt) of the shared columns, in their order: 770 pt of the 782 pt inside A4 landscape's margins. */
const WIDTHS = [160, 96, 56, 40, 50, 52, 62, 58, 66, 64, 66];
const COLUMNS = BILLING_COLUMNS.map((c, i) => ({
  title: c.title,
  width: WIDTHS[i]!,
  align: c.kind === 'text' ? ('left' as const) : ('right' as const),
}));
const cellsOf = (l: BillingLine) => BILLING_COLUMNS.map((c) => c.text(l));

/** The billing overview as an A4 landscape PDF with extractable text (standard fonts), a table per month. */
export function renderBillingPdf(o: BillingOverview, createdAt: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    // kept until the end, so every page gets its number
    bufferPages: true,
    info: { Title: `Abrechnungsübersicht ${o.from} bis ${o.to}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 30;

  const rule = () => {
    const width = COLUMNS.reduce((w, c) => w + c.width, 0);
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .stroke('#888888');
  };
  // The month whose table is being drawn: a page break inside it repeats its header.
  let tableOf: string | null = null;
  // pdfkit draws a soft hyphen it does not break at as a visible '-' ('Rechts-grundlage'): a header word
  // breaks at its soft hyphen only where it does not fit its column.
  const headerCell = (title: string, width: number) => {
    doc.font('Helvetica-Bold').fontSize(8.5);
    return title
      .split(' ')
      .map((word) => {
        const whole = word.replaceAll(SOFT_HYPHEN, '');
        return doc.widthOfString(whole) <= width - 4 ? whole : word.replaceAll(SOFT_HYPHEN, '-\n');
      })
      .join(' ');
  };
  const header = () => {
    row(
      COLUMNS.map((c) => headerCell(c.title, c.width)),
      true,
    );
    rule();
  };
  /** One line of the table, as high as its tallest cell (a long legal basis, a header broken at its soft hyphens). */
  const row = (cells: string[], bold = false): void => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width - 4 }))) + 4;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (tableOf !== null) {
        doc
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(`${germanMonth(tableOf)} (Fortsetzung)`);
        doc.moveDown(0.3);
        header();
      }
    }
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const c = COLUMNS[i]!;
      doc.text(cell, x + 2, y, { width: c.width - 4, align: c.align, lineBreak: true });
      x += c.width;
    });
    doc.y = y + height;
    doc.x = left;
  };

  doc.font('Helvetica-Bold').fontSize(15).text('Abrechnungsübersicht nach TestV');
  doc.font('Helvetica').fontSize(10).text(o.centre);
  const span = o.from === o.to ? germanMonth(o.from) : `${germanMonth(o.from)} bis ${germanMonth(o.to)}`;
  doc.text(`Zeitraum: ${span} · erstellt am ${createdAt}`);
  doc
    .fontSize(8)
    .fillColor('#444444')
    .text(
      'Gezählt: durchgeführte Tests (Ergebnis erfasst, Termin nicht storniert) nach Testtag. Beträge: was den Kunden berechnet wurde (Terminpreis). Abrechenbar: Rechtsgrundlage der TestV außer Selbstzahler.',
      { width: 700 },
    )
    .fillColor('black');
  doc.moveDown();

  for (const m of o.months) {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(germanMonth(m.month));
    doc.moveDown(0.3);
    header();
    tableOf = m.month;
    if (m.rows.length === 0) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text('Keine durchgeführten Tests in diesem Monat.', left + 2);
    }
    for (const r of m.rows) row(cellsOf(groupLine(r)));
    rule();
    row(cellsOf(monthSumLine(m)), true);
    tableOf = null;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Davon abrechenbar nach TestV: ${m.chargeable_tests} Tests`, left + 2);
    doc.moveDown();
  }
  if (o.months.length > 1) {
    row(cellsOf(sumLine('Summe des Zeitraums', o.totals, o.chargeable_tests)), true);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Davon abrechenbar nach TestV: ${o.chargeable_tests} Tests`, left + 2);
  }

  // Page numbers in the footer of every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Seite ${i + 1} von ${range.count}`, left, doc.page.height - doc.page.margins.bottom - 12, {
        align: 'right',
        width: doc.page.width - left - doc.page.margins.right,
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
