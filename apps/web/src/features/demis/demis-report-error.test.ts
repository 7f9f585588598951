import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { demisReportError } from './demis-report-error';

describe('the report screen after a failed DEMIS report', () => {
  it("shows DEMIS' diagnostics with their place, framed in German", () => {
    const e = new ApiError(502, 'DEMIS_ERROR', `${MSG.demisFailed} (Status 422): …`, {
      status: 422,
      report_id: 4,
      diagnostics: [
        {
          severity: 'error',
          diagnostics: 'Version „2.79“ statt der geltenden „2.80“.',
          location: 'Observation.code.coding[0].version',
        },
        { severity: 'information', diagnostics: 'Validierung beendet' },
        { severity: 'error', diagnostics: 'Postleitzahl unbekannt' },
      ],
    });
    expect(demisReportError(e)).toEqual({
      title: `${MSG.demisRejectedTitle} (Status 422)`,
      intro: MSG.demisRejectedIntro,
      items: [
        'Version „2.79“ statt der geltenden „2.80“. (Stelle: Observation.code.coding[0].version)',
        'Postleitzahl unbekannt',
      ],
      hint: MSG.demisRejectedHint,
    });
  });

  it('keeps the status and reason when DEMIS gave no diagnostics (e.g. a refused certificate)', () => {
    const e = new ApiError(502, 'DEMIS_ERROR', 'Die Meldung an DEMIS ist fehlgeschlagen (Status 0): Verbindung …', {
      status: 0,
      diagnostics: [],
    });
    expect(demisReportError(e)).toEqual({
      title: MSG.genericError,
      intro: 'Die Meldung an DEMIS ist fehlgeschlagen (Status 0): Verbindung …',
      items: [],
    });
  });

  it('lists the customer fields to correct when the report was refused before sending', () => {
    const e = new ApiError(422, 'DEMIS_DATA_INVALID', '…', [
      { field: 'last_name', message: 'Nachname des Kunden („Positiv2“) enthält Ziffern …' },
    ]);
    expect(demisReportError(e)).toMatchObject({
      title: MSG.demisDataInvalidTitle,
      intro: MSG.demisDataInvalid,
      items: ['Nachname des Kunden („Positiv2“) enthält Ziffern …'],
    });
  });

  it('falls back to the general error with its status', () => {
    expect(demisReportError(new ApiError(503, 'DEMIS_NOT_CONFIGURED', MSG.demisNotConfigured))).toEqual({
      title: `${MSG.genericError} (503)`,
      intro: MSG.demisNotConfigured,
      items: [],
    });
  });
});
