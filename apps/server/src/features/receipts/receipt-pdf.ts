import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate, germanDateOf, germanTimeOf } from '@tz/shared/rules/german-date';
import PDFDocument from 'pdfkit';
import type { AppointmentContext, CentreRow } from './appointment-context.repository';

export interface ReceiptData {
  receiptNumber: string;
  issuedAt: Date;
  /** gross price in cents, VAT included */
  price: number;
  vatPercent: number;
  copy: boolean;
}

const RESULT_TEXT: Record<number, string> = { 1: 'negativ', 2: 'positiv', 4: 'gesperrt' };

export const euro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Net and VAT of a gross price: the VAT is contained in the price. */
export function splitVat(grossCents: number, vatPercent: number) {
  const net = Math.round(grossCents / (1 + vatPercent / 100));
  return { net, vat: grossCents - net };
}

export const formatReceiptNumber = (n: number) => String(n).padStart(6, '0');

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' ');

/** Renders the receipt of one appointment as a PDF with extractable text (standard fonts). */
export function renderReceiptPdf(centre: CentreRow, ctx: AppointmentContext, r: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Beleg ${r.receiptNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const tz = centre.time_zone || 'Europe/Berlin';

  // Sender: the centre
  doc.font('Helvetica-Bold').fontSize(14).text(centre.full_name);
  doc.font('Helvetica').fontSize(10);
  doc.text(line(centre.tz_street, centre.tz_street_number));
  doc.text(line(centre.tz_zip, centre.tz_city));
  if (centre.phone) doc.text(`Telefon: ${centre.phone}`);
  if (centre.email) doc.text(`E-Mail: ${centre.email}`);
  doc.moveDown();

  // Invoice entity and tax data
  doc.font('Helvetica-Bold').text('Rechnungssteller');
  doc.font('Helvetica');
  doc.text(centre.inv_entity || centre.full_name);
  doc.text(line(centre.inv_street));
  doc.text(line(centre.inv_zip, centre.inv_city));
  if (centre.UID) doc.text(`USt-IdNr.: ${centre.UID}`);
  if (centre.handelsregister_nummer)
    doc.text(`Handelsregister: ${line(centre.handelsregister_nummer, centre.handelsregister_ort)}`);
  doc.moveDown();

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(r.copy ? 'Beleg (Kopie)' : 'Beleg');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Belegnummer: ${r.receiptNumber}`);
  doc.text(`Belegdatum: ${germanDateOf(r.issuedAt, tz)}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Kunde');
  doc.font('Helvetica');
  const c = ctx.customer;
  doc.text(line(c.first_name, c.last_name));
  if (c.street) doc.text(c.street);
  if (c.postcode || c.city) doc.text(line(c.postcode, c.city));
  if (c.birthday) doc.text(`Geburtsdatum: ${germanDate(c.birthday)}`);
  doc.moveDown();

  doc.font('Helvetica-Bold').text('Leistung');
  doc.font('Helvetica');
  doc.text(`Dienstleistung: ${ctx.service.title}`);
  doc.text(
    `Termin: ${germanDateOf(ctx.appointment.start_date, tz)} um ${germanTimeOf(ctx.appointment.start_date, tz)} Uhr`,
  );
  doc.text(`Vorgangsnummer: ${displayCustomerAppointmentId(ctx.appointment.customer_appointment_id)}`);
  doc.text(`Zahlungsklassifizierung: ${ctx.payment_class_label ?? 'Keine Auswahl'}`);
  if (ctx.service.test_type != null) {
    const result = ctx.appointment.res_detected != null ? RESULT_TEXT[ctx.appointment.res_detected] : undefined;
    doc.text(`Testergebnis: ${result ?? 'liegt noch nicht vor'}`);
  }
  doc.moveDown();

  const { net, vat } = splitVat(r.price, r.vatPercent);
  const vatLabel = r.vatPercent.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  doc.font('Helvetica-Bold').text('Betrag');
  doc.font('Helvetica');
  doc.text(`Nettobetrag: ${euro(net)}`);
  doc.text(`zzgl. ${vatLabel} % MwSt.: ${euro(vat)}`);
  doc.font('Helvetica-Bold').text(`Gesamtbetrag (inkl. ${vatLabel} % MwSt.): ${euro(r.price)}`);
  doc.font('Helvetica');
  doc.moveDown(2);
  doc.fontSize(8).text('Dieser Beleg wurde maschinell erstellt und ist ohne Unterschrift gültig.');
  doc.end();
  return done;
}
