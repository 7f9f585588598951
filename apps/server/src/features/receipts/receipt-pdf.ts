import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDateOf, germanTimeOf } from '@tz/shared/rules/german-date';
import PDFDocument from 'pdfkit';
import { legalFooterLines } from '../mail/mail-template';
import type { AppointmentContext, CentreRow } from './appointment-context.repository';

export interface ReceiptData {
  receiptNumber: string;
  issuedAt: Date;
  /** gross price in cents, VAT included */
  price: number;
  vatPercent: number;
  copy: boolean;
}

export const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Net and VAT of a gross price: the VAT is contained in the price. */
export function splitVat(grossCents: number, vatPercent: number) {
  const net = Math.round(grossCents / (1 + vatPercent / 100));
  return { net, vat: grossCents - net };
}

export const formatReceiptNumber = (n: number) => String(n).padStart(6, '0');

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' ');

/** A settings colour usable in the PDF (#rgb or #rrggbb), else the default. */
export function pdfColour(value: string | null | undefined, fallback = '#000000') {
  const v = value?.trim() ?? '';
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) ? v : fallback;
}

/**
 * Renders the receipt of one appointment as a PDF with extractable text
 * (standard fonts). A receipt may be passed on (to an employer, for
 * expenses), so it carries no health data: no test result, no birthday, no
 * payment classification (an internal, TestV-based term). One sender block
 * (the centre); the operator (settings: invoice entity) only labelled as such
 * in the legal lines at the bottom.
 */
export function renderReceiptPdf(centre: CentreRow, ctx: AppointmentContext, r: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Beleg ${r.receiptNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const tz = centre.time_zone || 'Europe/Berlin';
  // The centre's brand colour (settings color1) for its name, the title and the rule.
  const accent = pdfColour(centre.color1);

  // Sender: the centre
  doc.font('Helvetica-Bold').fontSize(14).fillColor(accent).text(centre.full_name);
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  doc.text(line(centre.tz_street, centre.tz_street_number));
  doc.text(line(centre.tz_zip, centre.tz_city));
  if (centre.phone) doc.text(`Telefon: ${centre.phone}`);
  if (centre.email) doc.text(`E-Mail: ${centre.email}`);
  doc.moveDown(0.5);
  doc.moveTo(56, doc.y).lineTo(539, doc.y).lineWidth(1.5).strokeColor(accent).stroke();
  doc.moveDown();

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(accent)
    .text(r.copy ? 'Beleg (Kopie)' : 'Beleg');
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  doc.text(`Belegnummer: ${r.receiptNumber}`);
  doc.text(`Belegdatum: ${germanDateOf(r.issuedAt, tz)}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Kunde');
  doc.font('Helvetica');
  const c = ctx.customer;
  doc.text(line(c.first_name, c.last_name));
  if (c.street) doc.text(line(c.street, c.street_number));
  if (c.postcode || c.city) doc.text(line(c.postcode, c.city));
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Leistung');
  doc.font('Helvetica');
  doc.text(`Dienstleistung: ${ctx.service.title}`);
  doc.text(
    `Termin: ${germanDateOf(ctx.appointment.start_date, tz)} um ${germanTimeOf(ctx.appointment.start_date, tz)} Uhr`,
  );
  doc.text(`Vorgangsnummer: ${displayCustomerAppointmentId(ctx.appointment.customer_appointment_id)}`);
  doc.moveDown();

  const { net, vat } = splitVat(r.price, r.vatPercent);
  const vatLabel = r.vatPercent.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  doc.font('Helvetica-Bold').text('Betrag');
  doc.font('Helvetica');
  doc.text(`Nettobetrag: ${euro(net)}`);
  doc.text(`zzgl. ${vatLabel} % MwSt.: ${euro(vat)}`);
  doc.font('Helvetica-Bold').text(`Gesamtbetrag (inkl. ${vatLabel} % MwSt.): ${euro(r.price)}`);
  doc.font('Helvetica');
  // The data model knows no payment method or state: a receipt is issued for what was paid.
  doc.text(r.price > 0 ? 'Betrag erhalten.' : 'Es ist kein Betrag zu zahlen.');
  doc.moveDown(2);

  const legal = legalFooterLines(centre);
  doc.fontSize(8);
  for (const l of legal) doc.text(l);
  doc.text('Dieser Beleg wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
