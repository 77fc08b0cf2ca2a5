/**
 * Every German user-facing message, one constant each. Texts quoted from the spec are verbatim
 * (including their spelling); the others are marked "own" and follow the spec's tone.
 */
export const MSG = {
  // own: what lists show in place of a person whose account was deleted
  deletedUser: 'Benutzer gelöscht',
  // Session (spec 1 §8)
  wrongLogin: 'Falscher Benutzername oder Passwort.',
  reLogin: 'Bitte melden Sie sich erneut an',
  ipNotAllowed: 'Diese Ip Adresse ist nicht zugelassen',
  sessionExpired: 'Ihre Sitzung ist abgelaufen, melden Sie sich erneut an',
  errorReLogin: 'Ein Fehler ist aufgetreten bitte melden Sie sich erneut an',
  // own
  tooManyLoginAttempts: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
  notAllowed: 'Dafür fehlt Ihnen die Berechtigung.',
  notFound: 'Der Eintrag wurde nicht gefunden.',
  badRequest: 'Die Anfrage ist ungültig.',
  serverError: 'Ein Fehler ist aufgetreten',
  databaseUnavailable: 'Die Datenbank ist zurzeit nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
  userInactive: 'Ihr Benutzerkonto ist deaktiviert.',
  passwordMailSent:
    'Falls ein Konto zu diesem Benutzernamen existiert, wurde eine E-Mail mit einem Link zum Setzen eines neuen Passworts versendet.',
  passwordResetInvalid: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  passwordResetDone: 'Ihr neues Passwort ist gespeichert. Sie können sich jetzt anmelden.',
  usernameRequired: 'Bitte geben Sie Ihren Benutzernamen ein.',
  saved: 'Änderungen gespeichert',
  // own: requests the API refuses before any rule of a domain applies
  invalidCharacters: 'Die Anfrage enthält ungültige Zeichen (Nullzeichen oder kein gültiges UTF-8).',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  invalidUrl: 'Die Adresse ist ungültig.',
  urlTooLong: 'Die Adresse ist zu lang.',
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß.',
  bodyTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  duplicateEntry: 'Dieser Eintrag existiert bereits.',
  valueOutOfRange: 'Ein Wert liegt außerhalb des erlaubten Bereichs.',
  dateOutOfRange: 'Bitte geben Sie ein Datum zwischen 1800 und 2199 ein.',
  // User settings (spec 3 §5)
  fillAllFields: 'Bitte füllen Sie alle Felder aus.',
  passwordsDiffer: 'Passwörter sind nicht identisch.',
  passwordTooShort: 'Passwort muss mindestens 6 zeichen lang sein.',
  usernameTaken: 'Benutzername wird bereits verwendet.',
  personalNumberTaken: 'Personalnummer bereits vergeben.',
  // own
  usernameInvalid: 'Der Benutzername muss eine E-Mail-Adresse sein.',
  cannotDeactivateSelf: 'Sie können sich nicht selbst deaktivieren.',
  cannotDeleteSelf: 'Sie können sich nicht selbst löschen.',
  groupNotAssignable: 'Diese Benutzergruppe dürfen Sie nicht vergeben.',
  fieldNotEditable: 'Dieses Feld dürfen Sie nicht ändern.',
  locationOutOfScope: 'Benutzer dürfen Sie nur für Ihren eigenen Standort anlegen.',
  adminProtected: 'Passwort, Benutzername, Gruppe und Status eines Admins ändert nur ein Admin; löschen kann ihn auch nur ein Admin.',
  userProtected:
    'Diese Person hat Rechte in den Einstellungen, die Sie nicht haben. Passwort, Benutzername, Gruppe und Status ändert bei ihr nur, wer diese Rechte auch hat.',
  // User groups (spec 3 §5)
  groupNameRequired: 'Benutzergruppenname ist ein Pflichtfeld',
  // own
  groupNameTaken: 'Dieser Benutzergruppenname wird bereits verwendet.',
  unknownPermission: 'Unbekannte Berechtigung.',
  loginMinutesInvalid: 'Bitte geben Sie die Minuten bis zur Abmeldung als ganze Zahl ein.',
  permissionNotGrantable: 'Berechtigungen, die Sie selbst nicht haben, können Sie nicht vergeben.',
  adminGroupFixed: 'Die Gruppe Admin hat immer alle Rechte und kann nicht geändert werden.',
  assignableNotAllowed:
    'Zuweisen darf eine Gruppe weder die Gruppe Admin noch Gruppen mit Rechten in den Einstellungen, die sie selbst nicht hat.',
  assignableAdminOnly: 'Welche Gruppen eine Gruppe zuweisen darf, legt nur ein Admin fest.',
  // Locations (spec 3 §5)
  ipInvalid: 'Die Ip Adresse ist nicht gültig',
  // own
  locationNameTaken: 'Ein Standort mit diesem Namen existiert bereits.',
  locationInUse: 'Der Standort ist noch Benutzern zugeordnet und kann nicht gelöscht werden.',
  // Lists (spec 3 §5)
  nameRequired: 'Bitte geben Sie einen Namen ein',
  colorRequired: 'Bitte wählen Sie eine Farbe',
  // own
  nameTaken: 'Dieser Name wird bereits verwendet.',
  fixedLabel: 'Die Labels Auslauf und Werbung können nicht geändert werden.',
  // Special appointments (spec 3 §5)
  dateRequired: 'Bitte geben Sie ein Datum ein',
  titleRequired: 'Bitte geben Sie ein Titel ein',
  // own
  endBeforeStart: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  invalidDate: 'Bitte geben Sie ein gültiges Datum ein.',
  sheetUrlInvalid: 'Bitte geben Sie eine gültige Adresse (https://…) ein.',
  // Tasks (spec 3 §5)
  taskTitleRequired: 'Der Titel darf nicht leer sein.',
  taskDateRequired: 'Das Datum darf nicht leer sein.',
  // own
  taskTitleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  subtaskNameRequired: 'Bitte geben Sie der Unteraufgabe einen Namen.',
  taskRecipientsRequired: 'Bitte wählen Sie mindestens einen Empfänger aus.',
  taskNoRecipients: 'Für diese Auswahl gibt es keine Empfänger.',
  taskLocked: 'Diese Aufgabe wird automatisch erledigt und kann nicht abgehakt werden.',
  taskOwnBranchOnly: 'Aufgaben dürfen Sie nur an Mitarbeiter Ihrer eigenen Filiale stellen.',
  // News (spec 3 §5)
  newsTitleRequired: 'Der Titel darf nicht leer sein.',
  newsTextRequired: 'Der Text darf nicht leer sein.',
  newsDateRequired: 'Das Datum darf nicht leer sein.',
  // own
  newsTitleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  newsTextTooLong: 'Der Text ist zu lang.',
  newsDateTooEarly: 'Das Datum darf höchstens 5 Monate zurückliegen.',
  newsDateTooLate: 'Das Datum darf höchstens zwei Jahre in der Zukunft liegen.',
  newsTimeInvalid: 'Bitte geben Sie die Uhrzeit als HH:MM ein.',
  newsUntilBeforeDate: 'Das Ende der Anzeige darf nicht vor dem Datum liegen.',
  newsCategoryInvalid: 'Bitte wählen Sie eine Kategorie (Allgemein, Personal oder Sortiment).',
  newsFileType: 'Bitte wählen Sie eine Datei vom Typ pdf, png, jpg, jpeg, heic, heif, mp4, hevc oder mov.',
  newsFileTooLarge: 'Die Datei ist zu groß (höchstens 10 MB).',
  newsFileUnreadable: 'Die Datei konnte nicht gelesen werden. Bitte prüfen Sie das Format.',
  newsTargetUnknown: 'Eine gewählte Benutzergruppe oder ein Standort existiert nicht mehr.',
  newsLinkUnknown: 'Die verknüpfte Veranstaltung existiert nicht mehr.',
  newsNotConfirmable: 'Diese Neuigkeit erfordert keine Lesebestätigung.',
  noLikes: 'Noch keine Likes',
  noComments: 'Noch keine Kommentare',
  // Comments (spec 3 §5)
  commentRequired: 'Kommentar darf nicht leer sein',
  // own
  commentTooLong: 'Ein Kommentar darf höchstens 300 Zeichen lang sein.',
  commentNotOwn: 'Sie dürfen nur Ihre eigenen Kommentare bearbeiten.',
  // Vacation (spec 1 §5, §8)
  vacationDatesRequired: 'Urlaub von und Urlaub bis sind Pflichtfelder.',
  overtimeRequired: 'Bitte geben Sie die Anzahl der Überstunden ein.',
  specialReasonRequired: 'Bitte geben Sie den Grund für Sonderurlaub ein.',
  vacationDuplicate: 'Es gibt für dieses Datum bereits ein Urlaubsantrag',
  // own
  vacationInPast: 'Der Urlaub darf nicht in der Vergangenheit beginnen.',
  vacationNoWorkingDays: 'Im gewählten Zeitraum liegen keine Arbeitstage.',
  vacationBothTicks: 'Überstundenabbau und Sonderurlaub schließen sich aus.',
  reasonTooLong: 'Der Grund darf höchstens 20 Zeichen lang sein.',
  overtimeInvalid: 'Bitte geben Sie die Überstunden als Zahl ein (z. B. 7,5).',
  vacationNotOwn: 'Eigene Anträge dürfen Sie nicht bearbeiten.',
  vacationWrongState: 'Dieser Antrag kann in seinem Zustand nicht so bearbeitet werden.',
  vacationTooLong: 'Ein Urlaubsantrag darf höchstens 366 Tage umfassen.',
  // Sick reports (spec 1 §5)
  sickDateRequired: 'Das Datum darf nicht leer sein.',
  sickEndRequired: 'Das Datum bis darf nicht leer sein.',
  employeeRequired: 'Bitte wählen Sie einen Mitarbeiter aus',
  // own
  sickDuplicate: 'Für diesen Zeitraum gibt es bereits eine Krankmeldung.',
  sickTooLong: 'Eine Krankmeldung darf höchstens drei Jahre (1.096 Tage) umfassen.',
  periodTooLong: 'Der Zeitraum darf höchstens ein Jahr umfassen.',
  // own: school vacations import
  importNothingRead: 'In der Datei wurden keine Ferien gefunden. Erwartet wird CSV (Bundesland;Name;Beginn;Ende) oder iCal.',
  importRegionRequired: 'Bitte wählen Sie das Bundesland der iCal-Datei.',
  importEmpty: 'Die Datei ist leer.',
  importTooLarge: 'Die Datei ist zu groß (höchstens 500.000 Zeichen).',
  importTooManyEntries: 'Die Datei enthält mehr als 2.000 Ferieneinträge. Bitte teilen Sie sie auf.',
  groupMissing: 'Die Benutzergruppe fehlt.',
  specialAppointmentMissing: 'Der Sondertermin fehlt.',
  locationNotAvailable: 'Dieser Standort steht Ihnen nicht zur Verfügung.',
  avatarType: 'Bitte wählen Sie ein Bild vom Typ jpeg, jpg, png oder gif.',
  avatarTooLarge: 'Das Bild ist zu groß (höchstens 10 MB).',
  // own: attendance calendar
  calendarPersonMissing: 'Bitte wählen Sie einen Mitarbeiter aus',
  calendarLocationMissing: 'Bitte wählen Sie einen Standort aus.',
  calendarStatusInvalid: 'Dieser Status kann nicht gesetzt werden.',
  calendarTextRequired: 'Bitte geben Sie einen Text ein.',
  calendarTextTooLong: 'Der Text darf höchstens 100 Zeichen lang sein.',
  calendarInfoTooLong: 'Die Info darf höchstens 200 Zeichen lang sein.',
  calendarNotEditable: 'Dieser Tag kann hier nicht geändert werden: Urlaub, Krankmeldungen und Veranstaltungen werden in ihren Listen bearbeitet.',
  calendarNoRight: 'Sie dürfen diesen Eintrag nicht ändern.',
  calendarNotAtLocation: 'Diese Person arbeitet nicht an diesem Standort.',
  // Trainings (spec 3 §5 Training, Rating; the field messages beyond the contingent are not shown)
  trainingTitleRequired: 'Der Titel darf nicht leer sein.',
  trainingDescriptionRequired: 'Die Nachricht darf nicht leer sein.',
  trainingAddressRequired: 'Die Adresse darf nicht leer sein.',
  trainingZipRequired: 'Die PLZ darf nicht leer sein.',
  trainingCityRequired: 'Der Ort darf nicht leer sein.',
  trainingContactRequired: 'Der Ansprechpartner darf nicht leer sein.',
  trainingDatesRequired: 'Das Datum darf nicht leer sein.',
  trainingTimeRequired: 'Die Uhrzeit darf nicht leer sein.',
  trainingTimeInvalid: 'Bitte geben Sie die Uhrzeit als HH:MM ein.',
  trainingContingentRequired: 'Die Anzahl verfügbarer Plätze darf nicht leer sein.',
  trainingContingentInvalid: 'Die Anzahl verfügbarer Plätze muss eine ganze Zahl von 0 bis 10.000 sein.',
  trainingCategoryInvalid: 'Bitte wählen Sie eine Kategorie (Schulungen, Termine oder Sonstiges).',
  trainingDateInvalid: 'Bitte geben Sie die Termine als TT.MM.JJJJ ein, getrennt durch Kommas.',
  trainingSunday: 'Sonntage können nicht gewählt werden.',
  trainingTooManyDates: 'Bitte wählen Sie höchstens 60 Termine auf einmal.',
  trainingTextTooLong: 'Der Text ist zu lang.',
  trainingQuestionsTooMany: 'Eine Veranstaltung hat höchstens 20 Bewertungsfragen.',
  trainingNoQuestionsConfirm: 'Achtung! Es wurden für diese Veranstaltung keine Bewertungsfragen definiert. Trotzdem speichern?',
  trainingContactUnknown: 'Der Ansprechpartner existiert nicht mehr.',
  trainingPast: 'Die Veranstaltung hat bereits stattgefunden.',
  trainingCancelled: 'Die Veranstaltung wurde abgesagt.',
  trainingEmployeeRequired: 'Bitte wählen Sie einen Mitarbeiter aus',
  trainingAlreadyRegistered: 'Mitarbeiter ist bereits angemeldet',
  trainingDeclineConfirm: 'Möchten Sie wirklich die Anmeldung ablehnen?',
  trainingNotOnWaitingList: 'Diese Anmeldung steht nicht auf der Warteliste.',
  valuationAnswersRequired: 'Bitte beantworten Sie alle Fragen.',
  valuationStarsInvalid: 'Bitte vergeben Sie 1 bis 5 Sterne.',
  valuationTwice: 'Sie haben diese Veranstaltung bereits bewertet.',
  valuationNotAllowed: 'Bewerten können nur bestätigte Teilnehmer nach der Veranstaltung.',
  noTrainings: 'Keine Veranstaltungen vorhanden',
  // Confirm modal (spec 1 §2)
  confirmTitle: 'Löschen',
  confirmText: 'Bist du dir sicher, dass du das löschen möchtest?',
  // Empty lists
  noTasks: 'Keine neuen Aufgaben',
  noNews: 'Keine Neuigkeiten vorhanden',
} as const;

export type MessageKey = keyof typeof MSG;
