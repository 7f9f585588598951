import type { BookingLegal } from '@tz/shared/booking/booking.contract';
import { describe, expect, it } from 'vitest';
import { imprintSections, privacySections } from './legal-statements';

const legal = (over: Partial<BookingLegal> = {}): BookingLegal => ({
  centre: {
    search_name: 'zentrum',
    full_name: 'Testzentrum Markt',
    tz_street: 'Marktplatz',
    tz_street_number: '3',
    tz_zip: '12345',
    tz_city: 'Musterstadt',
    phone: '0221 1234567',
    email: 'info@zentrum.example',
    color1: null,
    color2: null,
    color3: null,
    impressum_link: null,
    prof_dataprotect: 'Max Datenschutz',
    google_maps_link: null,
  },
  operator: { name: 'Muster GmbH', street: 'Hafenstraße 9', zip: '54321', city: 'Hafenstadt' },
  responsible: 'Dr. Maria Muster',
  data_protection_officer: 'Max Datenschutz',
  register: 'Amtsgericht Hafenstadt HRB 4711',
  vat_id: 'DE123456789',
  profession: { title: 'Apotheker', chamber: 'Apothekerkammer Nordrhein', state: 'Deutschland', number: null },
  retention_until: '2028-12-31',
  result_link_days: 14,
  ...over,
});

const text = (sections: { title: string; paragraphs: string[] }[]) =>
  sections.map((s) => [s.title, ...s.paragraphs].join('\n')).join('\n\n');

describe('the generated privacy statement', () => {
  it('names controller, contact, officer, purpose, legal basis, recipients, retention and rights', () => {
    const sections = privacySections(legal());
    expect(sections.map((s) => s.title)).toEqual([
      'Verantwortlich',
      'Datenschutzbeauftragte Person',
      'Welche Daten wir verarbeiten und wozu',
      'Rechtsgrundlagen',
      'Wer Ihre Daten erhält',
      'Wie lange wir Ihre Daten speichern',
      'Ihre Rechte',
    ]);
    const all = text(sections);
    expect(all).toContain('Muster GmbH\nHafenstraße 9\n54321 Hafenstadt');
    expect(all).toContain('Vertreten durch: Dr. Maria Muster');
    expect(all).toContain('E-Mail: info@zentrum.example');
    expect(all).toContain('Max Datenschutz');
    expect(all).toContain('bis zum 31.12.2028');
    expect(all).toContain('14 Tage gültig');
    expect(all).toContain('Art. 77 DSGVO');
  });

  it('leaves out what the centre has not filled in, and never writes "null"', () => {
    const sections = privacySections(
      legal({
        responsible: null,
        data_protection_officer: null,
        centre: { ...legal().centre, phone: null, email: null },
      }),
    );
    expect(sections.map((s) => s.title)).not.toContain('Datenschutzbeauftragte Person');
    const all = text(sections);
    expect(all).not.toMatch(/null|undefined|Vertreten durch/);
    // The rights section then names the operator to turn to.
    expect(all).toContain('Wenden Sie sich dafür an Muster GmbH.');
  });
});

describe('the generated imprint', () => {
  it('shows the operator, contact, site, register, VAT id and professional details that are filled', () => {
    const all = text(imprintSections(legal()));
    expect(all).toContain('Angaben gemäß § 5 Digitale-Dienste-Gesetz\nMuster GmbH\nHafenstraße 9\n54321 Hafenstadt');
    expect(all).toContain('Telefon: 0221 1234567');
    expect(all).toContain('Standort\nTestzentrum Markt\nMarktplatz 3\n12345 Musterstadt');
    expect(all).toContain('Handelsregister: Amtsgericht Hafenstadt HRB 4711');
    expect(all).toContain('Umsatzsteuer-Identifikationsnummer: DE123456789');
    expect(all).toContain('Berufsbezeichnung: Apotheker (verliehen in Deutschland)');
    expect(all).not.toContain('Registernummer');
  });

  it('has no site section when the centre is its own operator', () => {
    const l = legal();
    const sections = imprintSections({ ...l, operator: { ...l.operator, name: 'Testzentrum Markt' } });
    expect(sections.map((s) => s.title)).not.toContain('Standort');
  });
});
