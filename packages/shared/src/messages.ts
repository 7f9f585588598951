import type { BookingRefusal } from './rules/booking-check';

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
  invalidInput: 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.',
  invalidJson: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).',
  /** Input hardening (http/safe-input.ts): every text and integer of every request. */
  controlCharacters: 'Enthält unzulässige Steuerzeichen (z. B. Zeilenumbruch oder Nullzeichen).',
  controlCharactersMultiline: 'Enthält unzulässige Steuerzeichen (z. B. ein Nullzeichen).',
  numberTooLarge: 'Die Zahl ist zu groß.',
  numberTooSmall: 'Die Zahl ist zu klein.',
  /** The database cannot be reached (restart, network): the call may be repeated in a moment. */
  databaseUnavailable: 'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  notFound: 'Die angeforderte Adresse wurde nicht gefunden.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  noPermissionTitle: 'Keine Berechtigung',
  noPermissionPage:
    'Sie haben keine Berechtigung für diese Seite. Bitte wenden Sie sich an die Administration Ihres Testzentrums, wenn Sie sie benötigen.',
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
  // PCR labs (the spec shows no messages of these pages beyond the order toast)
  pcrOrderSent: 'Bestellung versendet',
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
  appointmentChangedMeanwhile: 'Der Termin wurde inzwischen geändert. Bitte die Liste neu laden und erneut versuchen.',
  appointmentEditedMeanwhile:
    'Der Termin wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert: bitte die Seite neu laden und erneut eintragen.',
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
  formLinkInvalid: 'Der Link zum Formular ist ungültig oder abgelaufen.',
  formAlreadyFilled: 'Dieses Formular wurde bereits ausgefüllt.',
  answersDoNotMatch: 'Die Antworten passen nicht zu diesem Formular.',
  answerRequired: 'Bitte beantworten Sie diese Frage.',
  answerYesNo: 'Bitte antworten Sie mit Ja oder Nein.',
  answerNumber: 'Bitte geben Sie eine Zahl ein.',
  answerDate: 'Bitte geben Sie ein gültiges Datum an.',
  answerOption: 'Bitte wählen Sie eine der angebotenen Antworten.',
  answerTooLong: 'Die Antwort ist zu lang.',
  signatureInvalid: 'Die Unterschrift konnte nicht gelesen werden. Bitte unterschreiben Sie erneut.',
  signatureTooLarge: 'Die Unterschrift ist zu groß. Bitte unterschreiben Sie erneut.',
  formInviteFilled: 'Der Fragebogen wurde bereits ausgefüllt; eine Einladung ist nicht mehr nötig.',
  customerWithoutEmail: 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt.',
  noDefaultForm: 'Für dieses Zentrum ist kein Fragebogen hinterlegt.',
  vaccinationOnlyInVaccinationCentre: 'Impfdaten können nur in Impfzentren erfasst werden.',
  vaccinationDateInFuture: 'Das Impfdatum darf nicht in der Zukunft liegen.',
  vaccineRequired: 'Bitte einen Impfstoff angeben',
  batchNumberRequired: 'Bitte die Chargennummer angeben',

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
  customerNotFoundHint: 'Bitte prüfen Sie die gescannten Daten und legen Sie den Kunden an.',
  scanEmpty: 'Der gescannte Code ist leer.',
  scanNotProfile: 'Der gescannte Code ist kein Corona-Warn-App-Profil.',
  scanBirthdayInvalid: 'Das Geburtsdatum im gescannten Profil ist ungültig.',
  scanUsLayout:
    'Der Handscanner ist auf das US-Tastaturlayout eingestellt. Bitte stellen Sie den Scanner auf das deutsche Tastaturlayout um und scannen Sie erneut.',
  searchQueryRequired: 'Bitte einen Suchbegriff eingeben.',
  searchQueryTooLong: 'Der Suchbegriff ist zu lang: höchstens 100 Zeichen.',
  /** A hand scan that was cut off (the page stalled, the scanner stopped), or scan text that reached the search box. */
  scanCutOff: 'Bitte erneut scannen',
  scanCutOffHint: 'Der Scan kam nicht vollständig an. Es wurde nichts gesucht und nichts gespeichert.',
  // camera scan (core-workflow §8 Camera; our wording)
  cameraTitle: 'QR-Code scannen',
  cameraHint: 'Halten Sie den QR-Code des Corona-Warn-App-Profils vor die Kamera.',
  cameraPermissionDenied:
    'Der Zugriff auf die Kamera wurde verweigert. Bitte erlauben Sie ihn in den Einstellungen des Browsers.',
  cameraNotFound: 'Es wurde keine Kamera gefunden.',
  cameraInUse: 'Die Kamera wird gerade von einer anderen Anwendung verwendet.',
  cameraInsecure: 'Die Kamera ist nur über eine sichere Verbindung (HTTPS) verfügbar.',

  // receipts and mails (not in the spec's catalogue; our own wording)
  receiptNoRecipient: 'Es ist keine E-Mail-Adresse für den Beleg bekannt. Bitte eine Adresse angeben.',
  receiptCancelledAppointment: 'Für einen stornierten Termin kann kein Beleg erstellt werden.',
  receiptNotIssued: 'Für diesen Termin wurde noch kein Beleg erstellt.',
  receiptCopyNeedsReceipt:
    'Für diesen Termin gibt es noch keinen Beleg. Eine Kopie ist möglich, sobald der Beleg gesendet oder heruntergeladen wurde.',
  blockedSlotNoReceipt:
    'Ein blockierter Platz ist kein Termin eines Kunden: Dafür gibt es weder Beleg noch Bestätigungsmail.',
  receiptIssued: 'Beleg erstellt',
  receiptSendConfirm: 'Soll der Beleg per E-Mail versendet werden?',
  receiptAddressPrompt:
    'An welche E-Mail-Adresse soll der Beleg gehen? Leer lassen für die E-Mail-Adresse des Zentrums.',
  customerHasNoEmail: 'Für diesen Kunden ist keine E-Mail-Adresse hinterlegt.',
  confirmationMailSent: 'Bestätigungsmail versendet!',

  // DEMIS
  missingDemisSettings: 'Missing DEMIS settings',
  missingDemisSettingsText:
    'Die DEMIS-Einstellungen oder das Zertifikat des Zentrums sind unvollständig. Bitte ergänzen Sie sie in den Einstellungen.',
  missingDemisSettingsAskAdmin:
    'Die DEMIS-Einstellungen oder das Zertifikat des Zentrums sind unvollständig. Bitte wenden Sie sich an die Administration Ihres Testzentrums, damit sie in den Einstellungen ergänzt werden.',
  openSettings: 'Einstellungen öffnen',
  demisOnlyPositive: 'Nur positive Testergebnisse können an DEMIS gemeldet werden.',
  demisAlreadyReported: 'Dieser Test wurde bereits an DEMIS gemeldet.',
  demisInProgress: 'Die Meldung dieses Tests an DEMIS läuft bereits.',
  demisFailed: 'Die Meldung an DEMIS ist fehlgeschlagen',
  demisReported: 'An DEMIS gemeldet',
  demisReportConfirm: 'Soll dieses positive Testergebnis jetzt an das Gesundheitsamt (DEMIS) gemeldet werden?',
  demisAccountNameFormat: 'DEMIS-Benutzername: bitte ohne Leerzeichen angeben (z. B. test-lab999)',
  demisBsnrFormat: 'BSNR: genau 9 Ziffern – nur ausfüllen, wenn das Zentrum eine Betriebsstättennummer hat',
  demisLabIdFormat: 'DEMIS-Teilnehmernummer: 5 oder 6 Ziffern',
  missingDemisSettingsList: 'Es fehlt:',
  demisNotConfigured:
    'DEMIS ist auf diesem Server nicht vollständig eingerichtet (Client-Secret fehlt). Bitte wenden Sie sich an den Betreiber der Plattform.',
  demisDataInvalid: 'Die Meldung kann so nicht an DEMIS gehen. Bitte korrigieren Sie zuerst die Kundendaten:',
  demisBundleInvalid: 'Die Meldung entspricht nicht den DEMIS-Profilen und wurde nicht gesendet',
  demisRejectedTitle: 'DEMIS hat die Meldung abgelehnt',
  demisRejectedIntro: 'Die Meldung wurde nicht übermittelt. DEMIS nennt dazu:',
  demisRejectedHint:
    'Bitte korrigieren Sie die genannten Angaben (Kunde oder DEMIS-Einstellungen) und melden Sie den Test erneut.',
  demisWarnings: 'Hinweise von DEMIS zur Meldung:',
  certificateWrongPassphrase:
    'Das Zertifikat lässt sich mit diesem Passwort nicht öffnen. Bitte prüfen Sie das Passwort des Zertifikats.',
  demisHelpIntro:
    'DEMIS kennt Ihr Zentrum unter drei verschiedenen Angaben. Bitte tragen Sie jede in ihr eigenes Feld ein – sie sind nicht austauschbar.',
  demisHelpAccountName:
    'Der Benutzername Ihres DEMIS-Kontos, der zu Ihrem Zertifikat gehört (bei gematiks Testzertifikat z. B. test-lab999). Damit meldet sich die Software bei DEMIS an.',
  demisHelpBsnr:
    'Die 9-stellige Betriebsstättennummer der KBV – nur ausfüllen, wenn Ihr Zentrum eine hat. Sie steht auch im Feld „BSNR / Kennung“ des ÖGD-Formulars.',
  demisHelpLabId: 'Die 5- oder 6-stellige DEMIS-Teilnehmernummer, die das RKI Ihrem Zentrum zugeteilt hat.',
  demisHelpContact:
    'DEMIS verlangt außerdem eine Telefonnummer oder E-Mail-Adresse des Zentrums (Stammdaten), unter der das Gesundheitsamt Sie erreicht.',
  demisRejectedWhere: 'Stelle',
  demisReady: 'Bereit für DEMIS-Meldungen',
  demisReadyText: 'Alle Angaben, die DEMIS verlangt, sind vorhanden (nach dem Speichern wirksam).',
  demisNotReady: 'Für DEMIS-Meldungen fehlt noch',
  demisDataInvalidTitle: 'Kundendaten für DEMIS korrigieren',
  certificateConverted:
    'Das Zertifikat lag im älteren PKCS#12-Format (RC2/3DES) vor und wurde für die Ablage mit AES neu verschlüsselt.',
  certificateUnreadable:
    'Das Zertifikat lässt sich nicht öffnen oder enthält keinen privaten Schlüssel mit Zertifikat. Bitte laden Sie die .p12-Datei von DEMIS erneut hoch.',

  // official form (our own wording)
  oegdWrongTestType: 'Das amtliche Testformular gibt es nur für Tests der Testarten 3 und 5.',

  // configuration
  openingHoursSave: 'Öffnungszeiten speichern',
  deleteDayConfirm: 'Möchten sie diesen Tag wirklich löschen?',
  deleteHolidayConfirm: 'Möchten sie diesen Feiertag wirklich löschen?',
  holidayDeleted: 'Der Feiertag wurde gelöscht',
  holidaysUpdated: 'Die Feiertage wurden aktualisiert',
  daysSaved: 'Die Tage wurden gespeichert.',
  testcenterUserSaved: 'Der neue Benutzer wurde gespeichert',
  idAdopted: 'ID Übernommen',
  // platform administration (our own wording where the spec gives none)
  centreCreated: 'Das Zentrum wurde angelegt. Aktivieren Sie es, indem Sie den ersten Benutzer anlegen.',
  centreDeactivated: 'Das Zentrum wurde deaktiviert. Seine Benutzer können sich nicht mehr anmelden.',
  centreReactivated: 'Das Zentrum wurde wieder aktiviert.',
  centreDeactivateConfirm:
    'Möchten Sie dieses Zentrum wirklich deaktivieren? Seine Benutzer werden abgemeldet und können sich nicht mehr anmelden; die Daten bleiben erhalten.',
  centreReactivateConfirm: 'Möchten Sie dieses Zentrum wieder aktivieren?',
  centreNotFound: 'Dieses Testzentrum gibt es nicht.',
  centreAlreadyActivated: 'Dieses Testzentrum ist bereits aktiviert; weitere Benutzer legt seine Administration an.',
  centreIsDeactivated: 'Dieses Testzentrum ist deaktiviert. Bitte wenden Sie sich an den Plattformbetreiber.',
  ownCentreNotDeactivatable: 'Das eigene Zentrum kann nicht deaktiviert werden.',
  groupCreated: 'Die neue Institution wurde erstellt',
  appointmentsSaved: 'Termine wurden gespeichert',
  removeFromGroupConfirm: 'Möchten sie diesen Kunden wirklich aus der Gruppe entfernen?',
  removedFromGroup: 'Der Kunde wurde aus der Gruppe entfernt',
  downloadStarted: 'Der Download wurde gestartet!',
  // exports (our own wording where the spec gives none)
  exportsInBackground:
    'Monatsexporte werden wegen der Datenmenge im Hintergrund erzeugt und stehen spätestens nach 24 Stunden zum Download bereit.',
  exportRangeTooLong: 'Der Zeitraum darf höchstens 25 Stunden umfassen.',
  vaccinationExportRangeTooLong: 'Der Zeitraum darf höchstens 24 Stunden umfassen.',
  exportEndBeforeStart: 'Das Ende muss nach dem Beginn liegen.',
  vaccinationExportOnly: 'Der Impfexport ist nur für Impfzentren verfügbar.',
  exportNotFound: 'Diesen Export gibt es nicht.',
  exportNotReady: 'Der Export wird noch erzeugt. Bitte später erneut versuchen.',
  exportFileMissing: 'Die Exportdatei wurde nicht gefunden. Bitte den Export neu anfordern.',
  exportRequested: 'Der Export wurde angefordert und wird im Hintergrund erzeugt.',
  exportQueueFull: 'Es warten bereits 20 Exporte dieses Zentrums. Bitte warten, bis sie erzeugt sind.',
  exportFailed: 'Der Export konnte nicht erzeugt werden. Bitte neu anfordern.',
  adminExportWarning:
    'Das sofortige Verarbeiten aller wartenden Exporte kann die Datenbank stark belasten. Bitte nur bei Bedarf und möglichst außerhalb der Hauptzeiten auslösen.',
  billingMonthsRange: 'Bitte einen Zeitraum von höchstens 12 Monaten wählen.',
  billingMonthFormat: 'Bitte einen Monat im Format JJJJ-MM angeben.',
  billingMonthsReversed: 'Der letzte Monat darf nicht vor dem ersten liegen.',
  serviceSaveFailed: 'Etwas lief schief. Bitte versuchen Sie es erneut.',
  serviceLoadFailed: 'Etwas lief schief beim Abfragen der Dienstleistung...',
  serviceCreated: 'Dienstleistung erfolgreich erstellt',
  serviceUpdated: 'Dienstleistung erfolgreich aktualisiert.',
  productsComingSoon: 'Demnächst verfügbar',
  selectionSaved: 'Die Auswahl wurde gespeichert.',
  scheduleSaved: 'Die Öffnungszeiten wurden gespeichert.',
  openingHoursInfo: 'Lassen Sie die Felder an Tagen ohne Öffnungszeiten leer.',
  holidaysAtOnce: 'Sie können bis zu fünf Feiertage auf einmal eintragen.',
  saveDays: 'Tage speichern',
  timeFormat: 'Bitte Uhrzeiten im Format HH:MM angeben.',
  dateFormat: 'Bitte ein gültiges Datum angeben.',
  /** The shared German date fields (apps/web ui/german-date-input.tsx): a typed text that is no date. */
  typedDateInvalid: 'Bitte ein gültiges Datum im Format TT.MM.JJJJ angeben.',
  typedDateTimeInvalid: 'Bitte Datum und Uhrzeit im Format TT.MM.JJJJ HH:mm angeben.',
  dateRequired: 'Bitte ein Datum angeben.',
  tillBeforeFrom: 'Das Bis-Datum darf nicht vor dem Von-Datum liegen.',
  dayIndexRange: 'Der Wochentag muss zwischen 1 (Sonntag) und 7 (Samstag) liegen.',
  twoBreaksOnly: 'Pro Tag sind höchstens zwei Pausen möglich.',
  maxSpecialDays: 'Es können höchstens fünf Tage auf einmal angelegt werden.',
  maxHolidays: 'Es können höchstens fünf Feiertage auf einmal eingetragen werden.',
  hoursIncomplete: 'Bitte Beginn und Ende der Öffnungszeit angeben oder beide leer lassen.',
  startBeforeEnd: 'Der Beginn muss vor dem Ende liegen.',
  breakIncomplete: 'Bitte Beginn und Ende der Pause angeben oder beide leer lassen.',
  breakWithoutHours: 'Eine Pause ist nur an Tagen mit Öffnungszeiten möglich.',
  breakOutsideHours: 'Die Pause muss innerhalb der Öffnungszeiten liegen.',
  breaksOverlap: 'Die beiden Pausen dürfen sich nicht überschneiden.',
  dayTwice: 'Jeder Wochentag darf nur einmal vorkommen.',
  dateTwice: 'Jedes Datum darf nur einmal vorkommen.',
  specialDayHoursRequired: 'Bitte für jeden Tag Beginn und Ende angeben.',
  specialDayNotFound: 'Diesen Tag gibt es nicht.',
  holidayNotFound: 'Diesen Feiertag gibt es nicht.',
  noDates: 'Bitte mindestens ein Datum angeben.',
  dateInPast: 'Das Datum darf nicht in der Vergangenheit liegen.',
  serviceNotFound: 'Diese Dienstleistung gibt es nicht.',
  catalogueServiceNotFound: 'Diese Dienstleistung ist auf der Plattform nicht verfügbar.',
  testTypeUnknown: 'Diese Testart gibt es nicht.',
  categoryUnknown: 'Diese Kategorie gibt es nicht.',
  settingsSaved: 'Die Einstellungen wurden gespeichert.',
  vatTwoDecimals: 'Der Mehrwertsteuersatz darf höchstens zwei Nachkommastellen haben.',
  colourFormat: 'Bitte eine Farbe im Format #RRGGBB angeben.',
  centreTypeUnknown: 'Diese Zentrumsart gibt es nicht.',
  certificateOnlyP12: 'Bitte eine .p12-Datei hochladen.',
  certificateNotPkcs12: 'Die Datei ist kein gültiges PKCS#12-Zertifikat (.p12).',
  certificateMissing: 'Bitte eine Zertifikatsdatei auswählen.',
  certificateTooLarge: 'Die Zertifikatsdatei ist zu groß (höchstens 1 MB).',
  importNow: 'Jetzt endgültig importieren',
  makeAppointments: 'Termine machen',

  // official form
  genderRequired: 'Das Geschlecht des Getesteten muss angegeben werden.',
  kvNumberRequired: 'Die 5-stellige KV-Sonderziffer muss angegeben werden.',
  legalBasisRequired: 'Eine Rechtsgrundlage muss ausgewählt sein.',
  reasonRequired: 'Be gewählter Rechtsgrundlage TestV muss der Grund der Testung angegeben werden.',
  checkFormHint: 'Bitte die Angabe im Formular prüfen/ergänzen',
  // appointment edit, creation, series, customers (our own wording where the spec gives none)
  appointmentTimeFormat: 'Bitte die Uhrzeit im Format HH:MM angeben (Stunden 0 bis 24, höchstens 5 Zeichen).',
  appointmentDateInvalid: 'Bitte ein gültiges Datum angeben.',
  appointmentCountMin: 'Die Anzahl der Termine in Folge muss mindestens 1 sein.',
  blockedSlotsMin: 'Die Anzahl der blockierten Plätze darf nicht negativ sein.',
  seriesTooLong: 'Eine Terminserie darf höchstens 50 Termine und 50 blockierte Plätze umfassen.',
  serviceNotOfCentre: 'Diese Dienstleistung gibt es in diesem Zentrum nicht.',
  serviceInactive: 'Diese Dienstleistung ist nicht aktiv.',
  /** Ends every refused booking (bookingRefusalMessage), after the sentence that names the reason. */
  overbookHint: 'Zum Überbuchen bitte „Trotzdem buchen“ wählen.',
  /** The checkbox the hint names, on a single appointment and on the group page alike. */
  overbookLabel: 'Trotzdem buchen (auch außerhalb freier Zeiten, Überbuchung)',
  bookingInPast: 'Der Termin liegt in der Vergangenheit.',
  seriesCountOnlyFirst:
    'Die Anzahl der Termine in Folge und der blockierten Plätze lässt sich nur am ersten Termin der Serie ändern.',
  seriesMoveOnlyFirst:
    'Ein Termin mitten in einer Serie lässt sich nicht verschieben. Bitte den ersten Termin der Serie bearbeiten.',
  seriesGrowCancelled: 'Ein stornierter Termin lässt sich nicht um weitere Termine verlängern.',
  patientDataSent: 'Die Patientendaten wurden an die Browser-Erweiterung übergeben.',
  patientDataFailed:
    'Die Patientendaten konnten nicht an die Browser-Erweiterung übergeben werden. Bitte prüfen Sie, ob die Erweiterung installiert und aktiviert ist.',
  noFreeSlots: 'An diesem Tag gibt es für diese Dienstleistung keine freien Zeiten.',
  seriesChangeNotApplied:
    'Die Anzahl der Termine in Folge oder der blockierten Plätze wurde nicht übernommen. Bitte den Termin neu laden und prüfen.',
  customerNotOfCentre: 'Diesen Kunden gibt es nicht.',
  firstNameRequired: 'Bitte den Vornamen angeben.',
  lastNameRequired: 'Bitte den Nachnamen angeben.',
  birthdayInvalid: 'Bitte ein gültiges Geburtsdatum angeben.',
  birthdayInFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  postcodeInvalid: 'Die Postleitzahl muss aus 5 Ziffern bestehen.',
  genderInvalid: 'Bitte ein gültiges Geschlecht wählen (0 bis 4).',
  ikNotOfProvider: 'Diese IK-Nummer gehört nicht zur gewählten Krankenkasse.',
  insuranceProviderUnknown: 'Diese Krankenkasse gibt es nicht.',
  duplicateCustomer: 'Ein Kunde mit diesem Namen und Geburtsdatum existiert bereits.',
  customerSaved: 'Kunde gespeichert',
  confirmationMailFailed: 'Termin angelegt, aber die Bestätigungsmail konnte nicht versendet werden.',
  bulkTooMany: 'Bitte höchstens 1000 Termine auf einmal umbuchen.',
  inactiveServiceWarning: 'Es gibt Termine mit inaktiven Dienstleistungen.',
  noDisabledAppointments: 'Keine Termine mit inaktiven Dienstleistungen.',
  // pharmacy area (configuration-admin §2)
  rxInactive: 'Diese Verordnung ist inaktiv',
  rxActivate: 'Aktivieren',
  usageBilled: 'Wurde bereits abgerechnet',
} as const;

export type MessageKey = keyof typeof MSG;

/** A date field's earliest and latest day (DD.MM.YYYY), where the form names no reason of its own. */
export const dateNotBefore = (day: string) => `Das Datum darf nicht vor dem ${day} liegen.`;
export const dateNotAfter = (day: string) => `Das Datum darf nicht nach dem ${day} liegen.`;
export const searchHeading = (query: string) => `Suche nach: "${query}"`;
/** A camera error without its own text: named as the browser names it. */
export const cameraOtherError = (name: string) => `Die Kamera konnte nicht gestartet werden (${name}).`;
/** A scanned profile lacks required vCard properties (core-workflow §5). */
export const scanMissingProperties = (names: readonly string[]) =>
  `Im gescannten Profil fehlen Angaben: ${names.join(', ')}.`;
/** The answer of the admin's dispatch of queued exports. */
export const exportsDispatched = (n: number) => (n === 1 ? '1 Export wurde erzeugt.' : `${n} Exporte wurden erzeugt.`);
export const importedCount = (n: number) => `${n} Kundendaten importiert`;
export const importedTotal = (n: number) => `Anzahl importierte Kundendaten: ${n}`;
/** Success notice of a scheduled pause: the date and how many special days were deleted. */
export const suspensionSaved = (date: string, deletedSpecialDays: number) =>
  `Das Testzentrum wird ab dem ${date} pausiert.` +
  (deletedSpecialDays > 0
    ? ` ${deletedSpecialDays} ${deletedSpecialDays === 1 ? 'Sondertag wurde' : 'Sondertage wurden'} gelöscht.`
    : ' Es wurden keine Sondertage gelöscht.');
export const createAppointmentsButton = (n: number) => `${n} Termine erstellen`;
export const answerMin = (min: number) => `Der Wert muss mindestens ${min} sein.`;
export const answerMax = (max: number) => `Der Wert darf höchstens ${max} sein.`;

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Why a booking was refused, in one plain German sentence (no brackets: the
 * screens put the text after 'Etwas ist schief gelaufen: '), followed by the
 * hint how to overbook on purpose.
 */
export function bookingRefusalMessage(refusal: BookingRefusal, date: string): string {
  return `${bookingRefusalSentence(refusal, date)} ${MSG.overbookHint}`;
}

/** Why a booking was refused, the sentence alone (the public booking page offers no overbooking). */
export function bookingRefusalSentence(refusal: BookingRefusal, date: string): string {
  const day = germanDate(date);
  return (() => {
    switch (refusal.reason) {
      case 'past':
        return MSG.bookingInPast;
      case 'holiday':
        return `Am ${day} ist Feiertag, das Zentrum ist geschlossen.`;
      case 'closed':
        return `Am ${day} ist das Zentrum geschlossen.`;
      case 'outside_hours':
        return `Der Termin von ${refusal.start} bis ${refusal.end} Uhr liegt außerhalb der Öffnungszeiten, am ${day} ist von ${refusal.open.start_time} bis ${refusal.open.end_time} Uhr geöffnet.`;
      case 'break':
        return `Der Termin von ${refusal.start} bis ${refusal.end} Uhr fällt in die Pause von ${refusal.pause.start_time} bis ${refusal.pause.end_time} Uhr.`;
      case 'off_grid':
        return refusal.every > 0
          ? `Um ${refusal.start} Uhr beginnt kein Zeitfenster dieser Dienstleistung, die Zeitfenster beginnen alle ${refusal.every} Minuten ab ${refusal.from} Uhr.`
          : `Um ${refusal.start} Uhr beginnt kein Zeitfenster dieser Dienstleistung.`;
      case 'full': {
        if (refusal.persons && refusal.persons > 1) {
          return `Am ${day} um ${refusal.start} Uhr sind keine ${refusal.persons} Plätze mehr frei.`;
        }
        const what = refusal.count > 1 ? `den ${refusal.position}. Termin der Serie` : 'den Termin';
        const blocks =
          refusal.blocked === 0
            ? ''
            : ` und ${refusal.blocked === 1 ? 'einen blockierten Platz' : `${refusal.blocked} blockierte Plätze`}`;
        const forWhom = refusal.count > 1 || refusal.blocked > 0 ? ` für ${what}${blocks}` : '';
        return `Am ${day} um ${refusal.start} Uhr ist kein Platz mehr frei${forWhom}.`;
      }
    }
  })();
}

/**
 * The public booking page (/buchen/<search_name>) and its cancel page
 * (/buchung/<token>): texts for customers, so plain and polite.
 */
export const BOOKING_MSG = {
  pageTitle: 'Termin online buchen',
  centreNotFound: 'Diese Buchungsseite gibt es nicht. Bitte prüfen Sie die Adresse.',
  closed: 'Die Online-Buchung ist bei diesem Zentrum zurzeit geschlossen. Bitte wenden Sie sich direkt an das Zentrum.',
  closedTitle: 'Zurzeit keine Online-Buchung',
  noServices: 'Zurzeit können keine Dienstleistungen online gebucht werden.',
  serviceLabel: 'Dienstleistung',
  dateLabel: 'Datum',
  timeLegend: 'Uhrzeit',
  noSlots: 'An diesem Tag sind keine Termine mehr frei. Bitte wählen Sie einen anderen Tag.',
  chooseSlot: 'Bitte wählen Sie eine Uhrzeit.',
  formTitle: 'Ihre Daten',
  consentPrivacy:
    'Ich habe die Datenschutzerklärung gelesen und bin mit der Verarbeitung meiner Daten zur Terminbuchung einverstanden.',
  consentResult:
    'Ich bin einverstanden, dass mir mein Testergebnis per E-Mail als Link zugeschickt wird (die E-Mail selbst enthält keine Gesundheitsdaten).',
  consentRequired: 'Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.',
  submit: 'Verbindlich buchen',
  booked: 'Ihr Termin ist gebucht.',
  mailSent: 'Wir haben Ihnen eine Bestätigung per E-Mail geschickt. Darin finden Sie auch den Link zum Stornieren.',
  questionnaire: 'Fragebogen jetzt ausfüllen',
  cancelLink: 'Termin stornieren',
  cancelConfirm: 'Möchten Sie diesen Termin wirklich stornieren?',
  cancelled: 'Ihr Termin wurde storniert.',
  notCancellable: 'Der Termin hat bereits begonnen und kann nicht mehr storniert werden.',
  notFound: 'Diese Buchung gibt es nicht. Bitte prüfen Sie den Link aus Ihrer E-Mail.',
  slotTaken: 'Dieser Termin wurde gerade vergeben. Bitte wählen Sie eine andere Uhrzeit.',
  inPast: 'Der Termin liegt in der Vergangenheit. Bitte wählen Sie eine andere Uhrzeit.',
  serviceNotBookable: 'Diese Dienstleistung kann nicht online gebucht werden.',
  refused: 'Ihre Buchung konnte nicht angenommen werden.',
  tooManyRequests: 'Zu viele Buchungsversuche. Bitte versuchen Sie es später noch einmal.',
  emailRequired: 'Bitte Ihre E-Mail-Adresse angeben.',
  phoneRequired: 'Bitte Ihre Telefonnummer angeben.',
  streetRequired: 'Bitte Straße und Hausnummer angeben.',
  cityRequired: 'Bitte den Ort angeben.',
  birthdayRequired: 'Bitte Ihr Geburtsdatum angeben.',
  imprint: 'Impressum',
  dataProtection: 'Datenschutz',
  resultTitle: 'Ihr Testergebnis',
  resultIntro: 'Bitte geben Sie zur Sicherheit Ihr Geburtsdatum ein, um Ihr Testergebnis zu sehen.',
  resultShow: 'Ergebnis anzeigen',
  resultNegative: 'negativ',
  resultPositive: 'positiv',
  resultPdf: 'Testbescheinigung (PDF)',
  resultNotFound: 'Diesen Ergebnis-Link gibt es nicht. Bitte prüfen Sie den Link aus Ihrer E-Mail.',
  resultExpired: 'Dieser Ergebnis-Link ist abgelaufen. Bitte wenden Sie sich an das Zentrum.',
  resultLocked: 'Zu viele falsche Eingaben. Dieser Ergebnis-Link ist gesperrt; bitte wenden Sie sich an das Zentrum.',
  birthdayMismatch: 'Das Geburtsdatum stimmt nicht.',
  monthInvalid: 'Bitte einen Monat im Format JJJJ-MM angeben.',
  privacyTitle: 'Datenschutzerklärung',
  privacyRead: 'Datenschutzerklärung lesen',
  ownLegalPage: 'Das Zentrum hat dafür eine eigene Seite:',
  toBooking: 'Zur Terminbuchung',
  requiredHint: 'Pflichtfelder sind mit * markiert.',
} as const;

export const bookingTooSoon = (minutes: number) =>
  `Online-Buchungen sind bis ${minutes} Minuten vor Terminbeginn möglich. Bitte wählen Sie eine spätere Uhrzeit.`;
export const bookingTooFarAhead = (lastDate: string) =>
  `Online-Buchungen sind bis zum ${germanDate(lastDate)} möglich. Bitte wählen Sie einen früheren Tag.`;
/** Why a day of the booking calendar cannot be chosen (rules/booking-days.ts). */
export function bookingDayClosedText(
  reason: 'past' | 'too_far' | 'holiday' | 'special_day' | 'weekday',
  date: string,
  lastDate: string,
  weekday: string,
): string {
  switch (reason) {
    case 'past':
      return 'Dieser Tag ist vorbei.';
    case 'too_far':
      return `Online-Buchungen sind bis zum ${germanDate(lastDate)} möglich.`;
    case 'holiday':
      return `Am ${germanDate(date)} ist Feiertag, das Zentrum ist geschlossen.`;
    case 'special_day':
      return `Am ${germanDate(date)} ist das Zentrum geschlossen.`;
    case 'weekday':
      return `${weekday}s ist das Zentrum geschlossen.`;
  }
}
export const bookingTooManyOpen = (n: number) =>
  `Mit dieser E-Mail-Adresse ${n === 1 ? 'ist für diesen Tag bereits ein Termin' : `sind für diesen Tag bereits ${n} Termine`} gebucht.`;

/** Two-factor sign-in, the own sessions and sign-in notices (issue 30). */
export const SECURITY_MSG = {
  codeLabel: 'Code aus der Authenticator-App oder Wiederherstellungscode',
  codeRequired: 'Bitte den Code eingeben.',
  wrongCode: 'Der Code ist falsch oder abgelaufen.',
  codeUsed: 'Dieser Code wurde schon verwendet. Bitte warten Sie auf den nächsten Code.',
  recoveryCodeUsed: 'Dieser Wiederherstellungscode ist verbraucht.',
  codeStepDue: 'Bitte geben Sie zuerst den Code aus Ihrer Authenticator-App ein.',
  setupDue: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein.',
  setupRequired:
    'Für Ihr Konto ist die Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie jetzt ein; erst danach können Sie weiterarbeiten.',
  alreadyOn: 'Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.',
  notStarted: 'Bitte starten Sie die Einrichtung erneut.',
  notOn: 'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.',
  turnedOn: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet. Ihre anderen Sitzungen wurden beendet.',
  turnedOff: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet. Ihre anderen Sitzungen wurden beendet.',
  requiredCannotTurnOff:
    'Für Ihr Konto ist die Zwei-Faktor-Anmeldung vorgeschrieben; sie kann nicht ausgeschaltet werden.',
  wrongPassword: 'Das Passwort ist falsch.',
  passwordRequired: 'Bitte Ihr Passwort eingeben.',
  resetDone: 'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt. Alle Sitzungen des Benutzers wurden beendet.',
  resetNothing: 'Für diesen Benutzer ist keine Zwei-Faktor-Anmeldung eingerichtet.',
  resetSelf: 'Ihre eigene Zwei-Faktor-Anmeldung schalten Sie unter „Mein Zugang“ aus.',
  requiredByCentre: 'Ihr Zentrum schreibt die Zwei-Faktor-Anmeldung vor.',
  sessionNotFound: 'Diese Sitzung gibt es nicht (mehr).',
  sessionEnded: 'Die Sitzung wurde beendet.',
  centreRequirementSaved: 'Änderung gespeichert.',
  graceSaved: 'Der Stichtag wurde gespeichert.',
  graceInPast: 'Der Stichtag darf nicht in der Vergangenheit liegen.',
  unknownBrowser: 'Unbekannter Browser',
  noticeSubject: 'Neue Anmeldung bei Ihrem Zugang',
} as const;

/** 'Für Plattform-Administratoren vorgeschrieben ab dem 01.07.2026.' */
export const requiredForPlatformFrom = (date: string) =>
  `Für Plattform-Administratoren ist die Zwei-Faktor-Anmeldung ab dem ${germanDate(date)} vorgeschrieben.`;
export const otherSessionsEnded = (n: number) =>
  n === 1 ? '1 andere Sitzung wurde beendet.' : `${n} andere Sitzungen wurden beendet.`;
export const recoveryCodesLeft = (n: number) =>
  n === 1 ? 'Noch 1 Wiederherstellungscode übrig.' : `Noch ${n} Wiederherstellungscodes übrig.`;

/** Production operation (issue 27): scheduled backups and retention, readiness. */
export const OPERATIONS_MSG = {
  jobBackup: 'Sicherung der Datenbank',
  jobRetention: 'Aufbewahrungsfrist (Löschung nach TestV)',
  notScheduled: 'nicht eingerichtet',
  running: 'läuft',
  success: 'erfolgreich',
  failure: 'fehlgeschlagen',
  neverRan: 'noch nicht gelaufen',
  databaseUnavailable: 'Die Datenbank war nicht erreichbar.',
  diskFull: 'Im Sicherungsordner ist kein Platz mehr.',
  notWritable: 'Der Sicherungsordner ist nicht beschreibbar.',
  folderMissing: 'Der Sicherungsordner fehlt oder ist nicht erreichbar.',
  unexpected: 'Unerwarteter Fehler; Einzelheiten stehen im Serverprotokoll.',
  starting: 'Der Server startet gerade. Bitte in wenigen Sekunden erneut versuchen.',
  draining: 'Der Server wird gerade beendet. Bitte erneut versuchen.',
} as const;
