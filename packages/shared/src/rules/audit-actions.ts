/**
 * Every change the audit trail records, by entity and action, with the sentence
 * people read for it ('Was'). The server's writeAudit accepts only these pairs
 * (AuditEvent), so a new audited action cannot reach a screen without its words.
 */
export const AUDIT_ACTIONS = {
  appointment: {
    create: 'Termin angelegt',
    update: 'Termin geändert',
    status: 'Status geändert',
    result: 'Ergebnis eingetragen',
    payment_classification: 'Zahlungsklassifikation geändert',
    check_in: 'Check-in geändert',
    service: 'Dienstleistung geändert',
    pcr_lab: 'PCR-Labor des Termins gewählt',
    demis_report: 'An DEMIS gemeldet',
    institutions_add: 'Gruppe zugeordnet',
    institutions_remove: 'Gruppe entfernt',
    institutions_replace: 'Gruppen neu zugeordnet',
    vaccination_saved: 'Impfdaten gespeichert',
    check_in_form_submitted: 'Check-in-Formular ausgefüllt',
    check_in_form_invite: 'Einladung zum Check-in-Formular versandt',
    check_in_form_qr_mail: 'QR-Code per E-Mail versandt',
  },
  user: {
    create: 'Benutzer angelegt',
    create_centre_user: 'Ersten Benutzer angelegt und Zentrum aktiviert',
    role_change: 'Rolle geändert',
    block: 'Zugang gesperrt',
    unblock: 'Zugang entsperrt',
    password_change: 'Passwort geändert',
    // sign-in security (issue 30)
    two_factor_on: 'Zwei-Faktor-Anmeldung eingeschaltet',
    two_factor_off: 'Zwei-Faktor-Anmeldung ausgeschaltet',
    two_factor_reset: 'Zwei-Faktor-Anmeldung zurückgesetzt',
    recovery_code_used: 'Mit Wiederherstellungscode angemeldet',
    session_ended: 'Sitzung beendet',
    sessions_ended: 'Alle anderen Sitzungen beendet',
    lockout: 'Anmeldung gesperrt nach zu vielen Fehlversuchen',
  },
  centre: {
    create: 'Zentrum angelegt',
    // completed with who adopted it: 'ID übernommen von …' (auditWhat)
    adopt: 'ID übernommen',
    deactivate: 'Zentrum deaktiviert',
    reactivate: 'Zentrum reaktiviert',
    booking_status: 'Buchungsseite umgeschaltet',
    suspend: 'Pause geplant',
    remove_suspension: 'Pause aufgehoben',
  },
  platform: { two_factor_grace: 'Stichtag der Zwei-Faktor-Pflicht für Plattform-Administratoren geändert' },
  centre_settings: {
    update: 'Einstellungen geändert',
    two_factor_required: 'Zwei-Faktor-Pflicht des Zentrums geändert',
  },
  demis_certificate: { upload: 'DEMIS-Zertifikat hochgeladen' },
  customer: { gender: 'Geschlecht geändert', institutions_replace: 'Gruppen des Kunden neu zugeordnet' },
  institution: {
    create: 'Gruppe angelegt',
    rename: 'Gruppe umbenannt',
    import: 'Kunden in Gruppe importiert',
    remove_customer: 'Kunde aus Gruppe entfernt',
  },
  receipt: { issue: 'Quittung ausgestellt' },
  pcr_lab: { create: 'PCR-Labor angelegt', update: 'PCR-Labor geändert' },
  pharma_rx: { create: 'Verordnung angelegt', update: 'Verordnung geändert', activate: 'Verordnung aktiviert' },
  pharma_usage: {
    create: 'Abgabe angelegt',
    update: 'Abgabe geändert',
    delete: 'Abgabe gelöscht',
    bill: 'Abgabe abgerechnet',
  },
  pharma_document: { upload: 'Dokument hochgeladen', delete: 'Dokument gelöscht' },
  pharma_product: { create: 'Produkt angelegt', update: 'Produkt geändert', delete: 'Produkt gelöscht' },
} as const satisfies Record<string, Record<string, string>>;

export type AuditEntity = keyof typeof AUDIT_ACTIONS;
/** One audited change: an entity with one of its actions. */
export type AuditEvent = {
  [E in AuditEntity]: { entity: E; action: keyof (typeof AUDIT_ACTIONS)[E] & string };
}[AuditEntity];
export type AppointmentAuditAction = keyof (typeof AUDIT_ACTIONS)['appointment'];

/** What an entity is called where its action has no sentence (rows written by an older version). */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  appointment: 'Termin',
  user: 'Benutzer',
  centre: 'Zentrum',
  centre_settings: 'Einstellungen',
  platform: 'Plattform',
  demis_certificate: 'DEMIS-Zertifikat',
  customer: 'Kunde',
  institution: 'Gruppe',
  receipt: 'Quittung',
  pcr_lab: 'PCR-Labor',
  pharma_rx: 'Verordnung',
  pharma_usage: 'Abgabe',
  pharma_document: 'Dokument',
  pharma_product: 'Produkt',
};

/** Every (entity, action) pair of the catalogue, for tests and documentation. */
export const AUDIT_EVENTS: AuditEvent[] = Object.entries(AUDIT_ACTIONS).flatMap(([entity, actions]) =>
  Object.keys(actions).map((action) => ({ entity, action }) as AuditEvent),
);
