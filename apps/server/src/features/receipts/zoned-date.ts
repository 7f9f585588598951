/** A moment as the centre sees it: its time zone decides the calendar day and clock time. */
export function inZone(moment: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return {
    /** DD.MM.YYYY */
    date: `${parts.day}.${parts.month}.${parts.year}`,
    /** HH:mm */
    time: `${parts.hour}:${parts.minute}`,
    /** yyyy-MM-dd */
    isoDate: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/** yyyy-MM-dd (a date column) as DD.MM.YYYY. */
export const germanDate = (isoDate: string | null | undefined) =>
  isoDate ? isoDate.slice(0, 10).split('-').reverse().join('.') : '';
