import type { LabelFormat } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { CODE128_QUIET_ZONE, code128B } from '@tz/shared/rules/code128';
import { germanDate } from '@tz/shared/rules/german-date';
import PDFDocument from 'pdfkit';

export interface SampleLabel {
  name: string;
  /** YYYY-MM-DD or null */
  birthday: string | null;
  /** The appointment number (customer_appointment_id), printed as Code 128 B and as text. */
  number: string;
  /** The appointment day, YYYY-MM-DD */
  date: string;
}

const MM = 72 / 25.4;

/** 62 mm endless or die-cut labels (Brother QL and the like): one label of 62 × 29 mm. */
const LABEL_62 = { width: 62 * MM, height: 29 * MM };
/** A4 sheets of 3 × 8 labels of 70 × 37 mm (the common 24-up sheet); every cell gets a copy. */
const SHEET = { cols: 3, rows: 8, width: 70 * MM, height: 37.125 * MM };

/** One label into the box (x, y, w, h): name, birthday and date as text, the number as barcode and text. */
function drawLabel(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, l: SampleLabel) {
  const pad = 2.5 * MM;
  const inner = w - 2 * pad;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text(l.name, x + pad, y + pad, { width: inner, lineBreak: false, ellipsis: true });
  doc.font('Helvetica').fontSize(7.5);
  doc.text(`geb. ${l.birthday ? germanDate(l.birthday) : '–'}    Datum: ${germanDate(l.date)}`, x + pad, y + pad + 11, {
    width: inner,
    lineBreak: false,
  });

  const widths = code128B(l.number);
  const modules = widths.reduce((a, b) => a + b, 0) + 2 * CODE128_QUIET_ZONE;
  const module = Math.min(inner / modules, 0.5 * MM);
  const barTop = y + pad + 22;
  const barHeight = Math.max(h - pad - 22 - pad - 9, 6 * MM * 0.5);
  let bx = x + pad + (inner - modules * module) / 2 + CODE128_QUIET_ZONE * module;
  for (const [i, wd] of widths.entries()) {
    if (i % 2 === 0) doc.rect(bx, barTop, wd * module, barHeight).fill('black');
    bx += wd * module;
  }
  doc.font('Helvetica').fontSize(7.5).fillColor('black');
  doc.text(l.number, x + pad, barTop + barHeight + 1.5, { width: inner, align: 'center', lineBreak: false });
}

/** The sample label as a PDF: one 62 × 29 mm page, or an A4 sheet of 3 × 8 copies. */
export function renderSampleLabelPdf(label: SampleLabel, format: LabelFormat): Promise<Buffer> {
  const size = format === '62mm' ? [LABEL_62.width, LABEL_62.height] : 'A4';
  const doc = new PDFDocument({
    size,
    margin: 0,
    info: { Title: `Probenetikett ${label.number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  if (format === '62mm') {
    drawLabel(doc, 0, 0, LABEL_62.width, LABEL_62.height, label);
  } else {
    const left = (doc.page.width - SHEET.cols * SHEET.width) / 2;
    const top = (doc.page.height - SHEET.rows * SHEET.height) / 2;
    for (let r = 0; r < SHEET.rows; r++) {
      for (let c = 0; c < SHEET.cols; c++) {
        drawLabel(doc, left + c * SHEET.width, top + r * SHEET.height, SHEET.width, SHEET.height, label);
      }
    }
  }
  doc.end();
  return done;
}
