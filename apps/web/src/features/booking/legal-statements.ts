import type { BookingLegal } from '@tz/shared/booking/booking.contract';
import { germanDate } from '@tz/shared/rules/german-date';

/** One part of a generated legal page: a heading and its paragraphs (only filled ones). */
export interface LegalSection {
  title: string;
  paragraphs: string[];
}

const line = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

function operatorLines(l: BookingLegal): string[] {
  const o = l.operator;
  return [o.name, o.street ?? '', line(o.zip, o.city)].filter(Boolean);
}

function contactLines(l: BookingLegal): string[] {
  return [l.centre.phone && `Telefon: ${l.centre.phone}`, l.centre.email && `E-Mail: ${l.centre.email}`].filter(
    (v): v is string => !!v,
  );
}

const section = (title: string, paragraphs: (string | null | undefined | false)[]): LegalSection[] => {
  const filled = paragraphs.filter((p): p is string => !!p && !!p.trim());
  return filled.length ? [{ title, paragraphs: filled }] : [];
};

/**
 * The imprint of a centre without a page of its own, from its settings: the
 * operator (§ 5 DDG) with address and representative, contact, register, VAT
 * id and the professional details; the test centre's own place when it
 * differs from the operator.
 */
export function imprintSections(l: BookingLegal): LegalSection[] {
  const p = l.profession;
  const site = line(l.centre.full_name);
  return [
    ...section('Angaben gemäß § 5 Digitale-Dienste-Gesetz', [
      operatorLines(l).join('\n'),
      l.responsible && `Vertreten durch: ${l.responsible}`,
    ]),
    ...section('Kontakt', [contactLines(l).join('\n')]),
    ...section('Standort', [
      site !== l.operator.name &&
        [site, line(l.centre.tz_street, l.centre.tz_street_number), line(l.centre.tz_zip, l.centre.tz_city)]
          .filter(Boolean)
          .join('\n'),
    ]),
    ...section('Registereintrag', [l.register && `Handelsregister: ${l.register}`]),
    ...section('Umsatzsteuer', [l.vat_id && `Umsatzsteuer-Identifikationsnummer: ${l.vat_id}`]),
    ...section('Berufsrechtliche Angaben', [
      p.title && `Berufsbezeichnung: ${p.title}${p.state ? ` (verliehen in ${p.state})` : ''}`,
      p.chamber && `Zuständige Kammer: ${p.chamber}`,
      p.number && `Registernummer: ${p.number}`,
    ]),
  ];
}

/**
 * The privacy statement of a centre without a page of its own (Art. 13
 * GDPR): who is responsible and how to reach them, the data protection
 * officer, what is processed for which purpose and on which legal basis, who
 * receives it, how long it is kept (this installation's retention times) and
 * the customer's rights.
 */
export function privacySections(l: BookingLegal): LegalSection[] {
  const contact = contactLines(l);
  return [
    ...section('Verantwortlich', [
      operatorLines(l).join('\n'),
      l.responsible && `Vertreten durch: ${l.responsible}`,
      contact.join('\n'),
    ]),
    ...section('Datenschutzbeauftragte Person', [
      l.data_protection_officer,
      l.data_protection_officer &&
        l.centre.email &&
        `Sie erreichen sie auch über ${l.centre.email} (Betreff „Datenschutz“).`,
    ]),
    ...section('Welche Daten wir verarbeiten und wozu', [
      `Wenn Sie bei ${l.centre.full_name} online einen Termin buchen, verarbeiten wir Ihren Namen, Ihr Geburtsdatum, Ihre Anschrift, E-Mail-Adresse und Telefonnummer sowie, wenn Sie sie angeben, Ihre Ausweisnummer: um Ihnen den Termin zu geben, Sie zu erreichen (Bestätigung, Stornierung, Fragebogen), Sie vor Ort zu erkennen und die Leistung zu erbringen, zu dokumentieren und abzurechnen.`,
      'Das Ergebnis eines Tests ist ein Gesundheitsdatum. Wir verarbeiten es, um es Ihnen mitzuteilen – per E-Mail nur als Link und nur, wenn Sie bei der Buchung eingewilligt haben – und um gesetzliche Meldepflichten zu erfüllen.',
    ]),
    ...section('Rechtsgrundlagen', [
      'Art. 6 Abs. 1 lit. b DSGVO (Terminvereinbarung und Leistung), Art. 6 Abs. 1 lit. c DSGVO (Dokumentations- und Meldepflichten, etwa nach dem Infektionsschutzgesetz und der Testverordnung), Art. 6 Abs. 1 lit. a DSGVO (Ihre Einwilligungen bei der Buchung) sowie für Gesundheitsdaten Art. 9 Abs. 2 lit. h und i DSGVO.',
    ]),
    ...section('Wer Ihre Daten erhält', [
      'Ihre Daten erhalten nur die Stellen, die sie für diese Zwecke brauchen: bei meldepflichtigen Ergebnissen das zuständige Gesundheitsamt, bei Labortests das beauftragte Labor und die Stelle, mit der die Leistung abgerechnet wird.',
    ]),
    ...section('Wie lange wir Ihre Daten speichern', [
      `Die Dokumentation Ihres Termins und Ergebnisses bewahren wir auf, solange gesetzliche Aufbewahrungspflichten bestehen (derzeit bis zum ${germanDate(l.retention_until)}); danach werden Ihre personenbezogenen Daten gelöscht.`,
      `Der Link zu Ihrem Testergebnis ist ${l.result_link_days} Tage gültig. Zum Schutz vor Missbrauch speichern wir Buchungsversuche zwei Tage lang, und zwar nur als Prüfsummen (nicht Ihre E-Mail-Adresse, Telefonnummer oder IP-Adresse im Klartext).`,
    ]),
    ...section('Ihre Rechte', [
      'Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch (Art. 21). Eine Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO).',
      `Wenden Sie sich dafür an ${l.centre.email ?? l.operator.name}. Sie können sich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO).`,
    ]),
  ];
}
