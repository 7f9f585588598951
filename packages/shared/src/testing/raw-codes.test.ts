import { describe, expect, it } from 'vitest';
import { rawCodes } from './raw-codes';

describe('rawCodes', () => {
  it('finds field names and internal keys', () => {
    expect(rawCodes('Bezeichnung (customer_title)')).toEqual(['customer_title']);
    expect(rawCodes('Fehler: EXPORT_RANGE')).toEqual(['EXPORT_RANGE']);
    expect(rawCodes('staff_id fehlt, bitte bookly_staff_id.')).toEqual(['staff_id', 'bookly_staff_id']);
  });

  it('finds a bare number after a label where a word belongs', () => {
    expect(rawCodes('Zentrum angelegt. Art: 3')).toEqual(['Art: 3']);
    expect(rawCodes('Rolle: 25\nStatus: 1')).toEqual(['Rolle: 25', 'Status: 1']);
    expect(rawCodes('Neu (Zahlungsart: 2)')).toEqual(['Zahlungsart: 2']);
  });

  it('leaves words, amounts, times, ids and counts alone', () => {
    expect(
      rawCodes(
        [
          'Art: Apotheke',
          'Beginn: 10:20',
          'Datum: 16.06.2026',
          'Preis: 12,50 €',
          'Dauer: 15 Min.',
          'davon abrechenbar: 5 Tests',
          'ID: 12',
          'STAFF-ID: 4711',
          'Termin-Nr.: 123456',
          'PLZ: 10115',
          'Seite 1 von 3',
          'Anteil: 50 %',
          'Wartende Exporte: 0 · in Arbeit: 2 · fehlgeschlagen: 1',
          // the audit trail's numbers: a receipt sent by another test of the same server shows up there
          'Quittung versendet. Quittungsnummer: 1',
          'Beendete Sitzungen: 2 · Verbleibende Wiederherstellungscodes: 9 · Fehlversuche: 5',
          'PZN: 1234567 · Charge: 4711',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves underscores in e-mail addresses, links and file names alone', () => {
    expect(rawCodes('max_muster@demo.example https://x.example/a_b monatsexport_2026_05.csv')).toEqual([]);
  });
});
