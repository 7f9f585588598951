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
  emailTaken: 'Diese E-Mail-Adresse ist bereits vergeben.',
  nameRequired: 'Bitte einen Namen angeben',
  emailInvalid: 'Bitte eine gültige E-Mail-Adresse angeben',
  userNotFound: 'Diesen Benutzer gibt es in diesem Testzentrum nicht.',
  ownRoleChange: 'Sie können Ihre eigene Rolle nicht ändern.',
  selfBlock: 'Sie können sich nicht selbst sperren.',
  roleNotAllowed: 'Diese Rolle dürfen Sie nicht vergeben.',
  userTooPowerful: 'Diesen Benutzer dürfen Sie nicht bearbeiten.',
  foreignPassword: 'Sie dürfen nur Ihr eigenes Passwort ändern.',
  nameSaved: 'Der Name wurde gespeichert',
  profileSaved: 'Die Benutzerdaten wurden gespeichert',
  ibanInvalid: 'Die IBAN ist ungültig (Prüfsumme oder Länge stimmt nicht).',
  fteInvalid: 'Der Stellenanteil muss zwischen 0 und 1,5 in Schritten von 0,1 liegen.',
  amountInvalid: 'Bitte einen Betrag ab 0 mit höchstens zwei Nachkommastellen angeben.',
  birthdateInvalid: 'Bitte ein gültiges Geburtsdatum angeben.',

  // functions (skills) of users
  functionLabelRequired: 'Bitte eine Bezeichnung angeben',
  functionCategoryRequired: 'Bitte eine Kategorie wählen',
  functionNotFound: 'Diese Funktion gibt es nicht.',
  foreignFunction: 'Diese Funktion gehört nicht zu Ihrem Testzentrum und kann nicht gelöscht werden.',
  functionCreated: 'Die Funktion wurde angelegt',
  functionDeleted: 'Die Funktion wurde gelöscht',
  functionsUpdated: 'Die Funktionen wurden aktualisiert',

  // account
  changeSaved: 'Änderung gespeichert.',
  pauseDateInPast: 'Das Datum der Pause darf nicht in der Vergangenheit liegen.',
  suspensionRemoved: 'Die geplante Pause wurde entfernt.',
  noSuspension: 'Es ist keine Pause geplant.',
  baseFeeNote:
    'Hinweis: Während einer Pause entfällt die Grundgebühr ab dem nächsten Monatsersten, sofern in dieser Zeit keine Tests durchgeführt werden.',

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
/** Success notice of a scheduled pause: the date and how many special days were deleted. */
export const suspensionSaved = (date: string, deletedSpecialDays: number) =>
  `Das Testzentrum wird ab dem ${date} pausiert.` +
  (deletedSpecialDays > 0
    ? ` ${deletedSpecialDays} ${deletedSpecialDays === 1 ? 'Sondertag wurde' : 'Sondertage wurden'} gelöscht.`
    : ' Es wurden keine Sondertage gelöscht.');
export const createAppointmentsButton = (n: number) => `${n} Termine erstellen`;
