import type { oegdFormSchema } from '@tz/shared/oegd/oegd.contract';
import { displayCustomerAppointmentId } from '@tz/shared/rules/appointment-display';
import { germanDate, germanDateOf } from '@tz/shared/rules/german-date';
import {
  OEGD_DIAGNOSTIC_OPTIONS,
  OEGD_GENDER_OPTIONS,
  OEGD_KIND_OPTIONS,
  OEGD_REASON_OPTIONS,
  OEGD_RISK_OPTIONS,
} from '@tz/shared/rules/oegd-form';
import PDFDocument from 'pdfkit';
import type { z } from 'zod';
import type { CentreRow } from '../receipts/appointment-context.repository';

type OegdForm = z.infer<typeof oegdFormSchema>;

/**
 * The filled official test form. With background the whole form is drawn
 * (labels, boxes); without it only the entries, at the same places, for
 * printing onto the pre-printed paper form. Place (the centre's city) and
 * date of issue (the day it is printed, in the centre's time zone) close it.
 */
export function renderOegdPdf(
  centre: CentreRow,
  form: OegdForm,
  showBackground: boolean,
  issuedAt: Date,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Amtliches Testformular (ÖGD)' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const label = (text: string, x: number, y: number, size = 8) => {
    if (showBackground) doc.font('Helvetica').fontSize(size).fillColor('#555').text(text, x, y, { lineBreak: false });
  };
  const heading = (text: string, y: number) => {
    if (showBackground)
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#000').text(text, 40, y, { lineBreak: false });
  };
  const field = (title: string, value: string, x: number, y: number, w: number) => {
    label(title, x, y);
    if (showBackground)
      doc
        .rect(x, y + 10, w, 16)
        .strokeColor('#999')
        .stroke();
    if (value)
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor('#000')
        .text(value, x + 3, y + 14, { width: w - 6, lineBreak: false });
  };
  const box = (text: string, checked: boolean, x: number, y: number) => {
    if (showBackground) {
      doc.rect(x, y, 9, 9).strokeColor('#555').stroke();
      label(text, x + 14, y + 1);
    }
    if (checked)
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#000')
        .text('X', x + 1.5, y + 0.5, { lineBreak: false });
  };

  const c = form.customer;
  const a = form.appointment;
  const v = form.values;
  if (showBackground) {
    doc.font('Helvetica-Bold').fontSize(14).fillColor('#000').text('Amtliches Testformular (ÖGD) – SARS-CoV-2', 40, 40);
    label('Veranlassung einer Testung nach der Coronavirus-Testverordnung (TestV)', 40, 60, 9);
  }

  const each = <T>(items: readonly T[], draw: (item: T, i: number) => void) => {
    items.forEach((item, i) => {
      draw(item, i);
    });
  };

  heading('Getestete Person', 85);
  field('Name', c.last_name, 40, 100, 250);
  field('Vorname', c.first_name, 300, 100, 255);
  field('Geburtsdatum', germanDate(c.birthday), 40, 132, 120);
  label('Geschlecht', 170, 132);
  each(
    OEGD_GENDER_OPTIONS.filter((g) => g.value !== 0),
    (g, i) => box(g.label, c.gender === g.value, 170 + i * 80, 146),
  );
  field('Straße, Hausnummer', c.street ?? '', 40, 164, 300);
  field('PLZ', c.postcode ?? '', 350, 164, 60);
  field('Ort', c.city ?? '', 420, 164, 135);

  heading('Testzentrum', 200);
  field('Name der Teststelle', centre.full_name, 40, 215, 300);
  // The centre's BSNR when it has one; never a DEMIS identifier (account name or participant number).
  field('BSNR / Kennung', centre.demis_bsnr ?? '', 350, 215, 205);
  field('Datum der Testung', germanDate(a.date), 40, 247, 120);
  field('Uhrzeit', a.time, 170, 247, 60);
  field('Leistung', a.service_title, 240, 247, 315);

  heading('Rechtsgrundlage', 285);
  each(
    OEGD_KIND_OPTIONS.filter((o) => o.value !== 0),
    (o, i) => box(o.label, v.kind === o.value, 40 + i * 130, 300),
  );
  field('KV-Sonderziffer', v.kind === 3 ? v.kind_num : '', 430, 292, 125);

  heading('Grund der Testung', 330);
  each(
    OEGD_REASON_OPTIONS.filter((o) => o.value !== 0),
    (o, i) => box(o.label, v.reason === o.value, 40, 345 + i * 14),
  );

  heading('Diagnostik', 395);
  each(
    OEGD_DIAGNOSTIC_OPTIONS.filter((o) => o.value !== 0),
    (o, i) => box(o.label, v.diagnostic === o.value, 40 + i * 150, 410),
  );

  heading('Risikobereich', 435);
  each(OEGD_RISK_OPTIONS, (o, i) => box(`${o.value}  ${o.label}`, v.risk.includes(o.value), 40, 450 + i * 14));

  heading('Einwilligung', 545);
  box(
    'Einverstanden mit der Übermittlung des Ergebnisses an die Corona-Warn-App; Datenschutzhinweise ausgehändigt',
    v.optin,
    40,
    560,
  );
  const place = (centre.tz_city || centre.city || '').trim();
  const issued = germanDateOf(issuedAt, centre.time_zone || 'Europe/Berlin');
  field('Ort, Datum der Ausstellung', [place, issued].filter(Boolean).join(', '), 40, 590, 250);
  field('Unterschrift / Stempel der Teststelle', '', 305, 590, 250);
  label(`Vorgangsnummer ${displayCustomerAppointmentId(a.customer_appointment_id)}`, 40, 800);
  doc.end();
  return done;
}
