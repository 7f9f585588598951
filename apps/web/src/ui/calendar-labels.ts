/** The German names of Mantine's calendar controls (screen readers read them; the e2e tests click them). */
export const CALENDAR_LABELS = {
  nextMonth: 'Nächster Monat',
  previousMonth: 'Vorheriger Monat',
  nextYear: 'Nächstes Jahr',
  previousYear: 'Vorheriges Jahr',
  nextDecade: 'Nächstes Jahrzehnt',
  previousDecade: 'Vorheriges Jahrzehnt',
  monthLevelControl: 'Monat wählen',
  yearLevelControl: 'Jahr wählen',
};
