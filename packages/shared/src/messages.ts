/**
 * Every user-visible German text of the specification, in one place, so the
 * server and the web app say exactly the same. Keys are English; values are the
 * spec's wording (spelling and punctuation kept, including the spec's typos).
 */
export const MSG = {
  // generic
  genericError: 'Etwas ist schief gelaufen',
  genericErrorDot: 'Etwas ist schief gelaufen.',
  genericErrorBang: 'Etwas ist schief gelaufen!',
  genericErrorColon: 'Etwas ist schief gelaufen: ',
  somethingWentWrongAlt: 'Etwas ist schiefgelaufen.',
  errorTitle: 'Fehler!',
  errorTitlePlain: 'Fehler',
  noticeTitle: 'Hinweis',
  updated: 'Aktualisiert!',
  notAvailableYet: 'Diese Seite ist noch nicht verfügbar',
  invalidInput: 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.',
  invalidJson: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).',
  notFound: 'Die angeforderte Adresse wurde nicht gefunden.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  notLoggedIn: 'Bitte melden Sie sich an.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  tooManyLogins: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  unknownHost: 'Diese Adresse ist keinem Testzentrum zugeordnet (Fehlercode NT).',
  reloadPrompt: 'Ein Teil der Anwendung konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
  reload: 'Neu laden',

  // login and session
  wrongLogin: 'Anmeldedaten falsch',
  userBlocked: 'Ihr Zugang ist gesperrt. Bitte wenden Sie sich an Ihre Testzentrumsleitung.',
  sessionExpired: 'Ihre Session ist ausgelaufen, bitte melden Sie sich wieder an',
  cookiesBlocked: 'Ihr Browser blockiert Cookies. Möchten Sie sich direkt anmelden?',

  // news
  newsPrompt: 'Es gibt Neuigkeiten.',
  newsIgnore: 'Ignorieren',
  newsView: 'Ansehen',

  // users
  passwordTooShort: 'Das Passwort muß mindestens 8 Zeichen lang sein',
  passwordMismatch: 'Die beiden Eingaben für das Passwort stimmen nicht überein',
  roleUpdated: 'Das Benutzerrecht wurde aktualisiert!',
  disableConfirm: 'Soll der Zugang für diesen Benutzer wirklich deaktiviert werden?',
  disabled: 'Der Benutzer wurde gesperrt!',
  enableConfirm: 'Soll der Zugang für diesen Benutzer wieder aktiviert werden?',
  enabled: 'Der Benutzer wurde aktiviert!',
  userSaved: 'Der Benutzer wurde gespeichert',
  passwordSaved: 'Das Passwort wurde gespeichert',

  // account
  changeSaved: 'Änderung gespeichert.',

  // appointments
  noAppointments: 'Keine Termine gefunden',
  noPcrLab: 'No PCR-Lab relation!',
  forcedClassificationLock:
    'Bitte wählen Sie zuerst eine Rechtsgrundlage (§) aus. Diese Sperre kann in den Einstellungen abgeschaltet werden.',
  appointmentUpdated: 'Termin wurde Aktualisiert',
  appointmentCreated: 'Termin angelegt!',
  appointmentCreatedMailed: 'Termin angelegt und Bestätigungsmail versendet!',
  productsUpdated: 'Die Produkte wurden aktualisiert.',
  chooseProduct: 'Bitte ein Produkt auswählen',
  chooseCustomer: 'Bitte wenigstens einen Kunden auswählen',
  noSelection: 'Keine Auswahl',
  appointmentNotFound: 'Diesen Termin gibt es nicht.',
  statusUpdated: 'Der Status wurde aktualisiert.',
  classificationNotFound: 'Diese Zahlungsklassifikation gibt es nicht.',
  classificationInactive: 'Diese Zahlungsklassifikation ist nicht aktiv.',
  classificationOutsideWindow: 'Diese Zahlungsklassifikation gilt am Tag des Termins nicht.',
  classificationCheckedByRequired:
    'Für diese Zahlungsklassifikation muss bestätigt werden, wer die Dokumentation geprüft hat.',
  resultNotForVaccination: 'In einem Impfzentrum werden keine Testergebnisse eingetragen.',
  institutionNotFound: 'Diese Gruppe gibt es nicht.',
  institutionAlreadyAssigned: 'Der Termin ist dieser Gruppe bereits zugeordnet.',
  institutionNotAssigned: 'Der Termin ist dieser Gruppe nicht zugeordnet.',

  // forms
  formLoadFailed: 'Konnte Formular nicht laden',
  answersLoadFailed: 'Konnte Antworten nicht laden',
  validationTitle: 'Validierungsfehler',
  fixMarkedErrors: 'Bitte beheben Sie die markierten Validierungsfehler',
  formFilled: 'Formular ausgefüllt',
  questionsAnswered: 'Fragen beantwortet',
  missingSignature: 'Wir konnten keine Unterschrift zu diesem Formular finden!',
  pleaseSign: 'Bitte unterschreiben Sie mit Ihrem Finger oder Ihrer Maus.',

  // success texts
  receiptSent: 'Beleg versendet!',
  submitted: 'Abgesendet!',
  qrSent: 'Versendet!',
  saved: 'Gespeichert',
  idSaved: 'Danke! Ihre ID wurde gespeichert',
  orderSent: 'Bestellung versendet',
  uploadFailed: 'Upload fehlgeschlagen - Ihre Datei konnte nicht hochgeladen werden',
  uploaded: 'Hochgeladen',

  // search and scan
  searchFailed: 'Etwas ist schief gelaufen mit der Suche',
  searchNoResponse: 'Search failed',
  noSearchResults: 'Keine Suchergebnisse gefunden',
  customerNotFound: 'Kunde nicht gefunden',
  multipleCustomers: 'Mehrere Kunden gefunden',

  // DEMIS
  missingDemisSettings: 'Missing DEMIS settings',

  // configuration
  openingHoursSave: 'Öffnungszeiten speichern',
  deleteDayConfirm: 'Möchten sie diesen Tag wirklich löschen?',
  deleteHolidayConfirm: 'Möchten sie diesen Feiertag wirklich löschen?',
  holidayDeleted: 'Der Feiertag wurde gelöscht',
  holidaysUpdated: 'Die Feiertage wurden aktualisiert',
  daysSaved: 'Die Tage wurden gespeichert.',
  testcenterUserSaved: 'Der neue Benutzer wurde gespeichert',
  idAdopted: 'ID Übernommen',
  groupCreated: 'Die neue Institution wurde erstellt',
  appointmentsSaved: 'Termine wurden gespeichert',
  removeFromGroupConfirm: 'Möchten sie diesen Kunden wirklich aus der Gruppe entfernen?',
  removedFromGroup: 'Der Kunde wurde aus der Gruppe entfernt',
  downloadStarted: 'Der Download wurde gestartet!',
  serviceSaveFailed: 'Etwas lief schief. Bitte versuchen Sie es erneut.',
  serviceLoadFailed: 'Etwas lief schief beim Abfragen der Dienstleistung...',
  serviceCreated: 'Dienstleistung erfolgreich erstellt',
  serviceUpdated: 'Dienstleistung erfolgreich aktualisiert.',
  importNow: 'Jetzt endgültig importieren',
  makeAppointments: 'Termine machen',

  // official form
  genderRequired: 'Das Geschlecht des Getesteten muss angegeben werden.',
  kvNumberRequired: 'Die 5-stellige KV-Sonderziffer muss angegeben werden.',
  legalBasisRequired: 'Eine Rechtsgrundlage muss ausgewählt sein.',
  reasonRequired: 'Be gewählter Rechtsgrundlage TestV muss der Grund der Testung angegeben werden.',
  checkFormHint: 'Bitte die Angabe im Formular prüfen/ergänzen',
} as const;

export type MessageKey = keyof typeof MSG;

export const searchHeading = (query: string) => `Suche nach: "${query}"`;
export const importedCount = (n: number) => `${n} Kundendaten importiert`;
export const importedTotal = (n: number) => `Anzahl importierte Kundendaten: ${n}`;
export const createAppointmentsButton = (n: number) => `${n} Termine erstellen`;
