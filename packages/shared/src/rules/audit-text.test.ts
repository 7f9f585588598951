import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, auditChange, auditKindOf, auditWhat, describeAudit } from './audit-text';

describe('audit rows in German words', () => {
  it('reads a status change with its reason', () => {
    const row = {
      entity: 'appointment',
      action: 'status',
      before: { status: 'approved' },
      after: { status: 'cancelled', reason: 'cancelled_by_customer' },
    };
    expect(describeAudit(row)).toEqual({
      what: 'Status geändert',
      change: 'Status: bestätigt → storniert; Grund: vom Kunden storniert',
      kind: 'status',
    });
  });

  it('reads a result with its time in the given zone', () => {
    const change = auditChange(
      {
        entity: 'appointment',
        action: 'result',
        before: { res_detected: null, res_date: null },
        after: { res_detected: 2, res_date: '2026-03-02T09:15:00.000Z' },
      },
      { timeZone: 'Europe/Berlin' },
    );
    expect(change).toBe('Ergebnis: kein Ergebnis → positiv; Ergebniszeit: keine Angabe → 02.03.2026 10:15');
  });

  it('names payment classifications by their label, and the check-in bit only', () => {
    const ctx = { names: { class: new Map([[3, 'Bürgertest']]) } };
    expect(
      auditChange(
        {
          entity: 'appointment',
          action: 'payment_classification',
          before: { payment_class_id: null, classification_checked_by: null },
          after: { payment_class_id: 3, classification_checked_by: 'Müller' },
        },
        ctx,
      ),
    ).toBe('Zahlungsklassifikation: keine → Bürgertest; Geprüft von: keine Angabe → Müller');
    // bit 1 is the check-in, bit 4 the filled form
    expect(
      auditChange({ entity: 'appointment', action: 'check_in', before: { checked_in: 4 }, after: { checked_in: 5 } }),
    ).toBe('Check-in: nicht eingecheckt → eingecheckt');
  });

  it('reads role and access changes of users', () => {
    expect(
      describeAudit({ entity: 'user', action: 'role_change', before: { role_id: 30 }, after: { role_id: 20 } }),
    ).toEqual({
      what: 'Rolle geändert',
      change: 'Rolle: Mitarbeiter → Administrator',
      kind: 'user',
    });
    expect(auditChange({ entity: 'user', action: 'block', before: { active: 1 }, after: { active: 0 } })).toBe(
      'Zugang: aktiv → gesperrt',
    );
  });

  it('lists fields in a fixed order and leaves out what stayed the same', () => {
    expect(
      auditChange({
        entity: 'appointment',
        action: 'payment_classification',
        before: { classification_checked_by: null, payment_class_id: 1 },
        after: { classification_checked_by: null, payment_class_id: null },
      }),
    ).toBe('Zahlungsklassifikation: Klassifikation (nicht mehr vorhanden) → keine');
    expect(
      auditChange({
        entity: 'appointment',
        action: 'result',
        before: { res_date: null, res_detected: null },
        after: { res_date: null, res_detected: 1 },
      }),
    ).toBe('Ergebnis: kein Ergebnis → negativ');
  });

  it('never shows a stored field name: unknown fields are counted', () => {
    const change = auditChange({
      entity: 'centre_settings',
      action: 'update',
      before: { zukunft_feld: '1', noch_eins: 'a' },
      after: { zukunft_feld: '2', noch_eins: 'b' },
    });
    expect(change).toBe('2 weitere Angaben');
    expect(auditWhat({ entity: 'appointment', action: 'neu_erfunden' })).toBe('Termin geändert');
    expect(auditWhat({ entity: 'irgendwas', action: 'x' })).toBe('Eintrag geändert');
  });

  it('puts every row into at most one kind, other appointment changes into "appointment"', () => {
    expect(auditKindOf({ entity: 'appointment', action: 'check_in' })).toBe('check_in');
    expect(auditKindOf({ entity: 'appointment', action: 'update' })).toBe('appointment');
    expect(auditKindOf({ entity: 'demis_certificate', action: 'upload' })).toBe('centre');
    expect(auditKindOf({ entity: 'unbekannt', action: 'x' })).toBeNull();
    expect(new Set(AUDIT_KINDS.map((k) => k.id)).size).toBe(AUDIT_KINDS.length);
  });

  it('reads the sign-in security rows (issue 30) in words', () => {
    const read = (entity: string, action: string, after: object, before?: object) =>
      describeAudit({ entity, action, after, before });
    expect(read('user', 'two_factor_on', { ended_sessions: 2 })).toEqual({
      what: 'Zwei-Faktor-Anmeldung eingeschaltet',
      change: 'Beendete Sitzungen: 2',
      kind: 'user',
    });
    expect(read('user', 'two_factor_off', { ended_sessions: 0 }).what).toBe('Zwei-Faktor-Anmeldung ausgeschaltet');
    expect(read('user', 'two_factor_reset', { ended_sessions: 1 }).what).toBe('Zwei-Faktor-Anmeldung zurückgesetzt');
    expect(read('user', 'recovery_code_used', { recovery_codes_left: 9 })).toMatchObject({
      what: 'Mit Wiederherstellungscode angemeldet',
      change: 'Verbleibende Wiederherstellungscodes: 9',
    });
    expect(read('user', 'session_ended', { browser: 'Edge 126 unter Windows', ip: '198.51.100.7' })).toMatchObject({
      what: 'Sitzung beendet',
      change: 'Browser: Edge 126 unter Windows; Adresse: 198.51.100.7',
    });
    expect(read('user', 'sessions_ended', { ended_sessions: 3 }).what).toBe('Alle anderen Sitzungen beendet');
    expect(read('user', 'lockout', { failures: 10, minutes: 15 })).toMatchObject({
      what: 'Anmeldung gesperrt nach zu vielen Fehlversuchen',
      change: 'Fehlversuche: 10; Gesperrt für: 15 Minuten',
    });
    expect(
      read('centre_settings', 'two_factor_required', { two_factor_required: true }, { two_factor_required: false }),
    ).toEqual({
      what: 'Zwei-Faktor-Pflicht des Zentrums geändert',
      change: 'Zwei-Faktor-Pflicht für alle Benutzer: aus → an',
      kind: 'centre',
    });
    expect(
      read(
        'platform',
        'two_factor_grace',
        { admin_totp_required_from: '2026-07-01' },
        { admin_totp_required_from: null },
      ),
    ).toEqual({
      what: 'Stichtag der Zwei-Faktor-Pflicht für Plattform-Administratoren geändert',
      change: 'Pflicht für Plattform-Administratoren ab: keine Angabe → 01.07.2026',
      kind: 'centre',
    });
  });
});
