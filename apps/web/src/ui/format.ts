import { germanDateOf, germanDateTimeOf } from '@tz/shared/rules/german-date';
import type { Instant } from '@tz/shared/rules/time-zone';

/**
 * The zone the web shows instants in (result date, submission time, news
 * dates, today): the browser's. Calendar dates (appointment day, birthday)
 * need no zone: germanDate from @tz/shared/rules/german-date.
 */
let zone: string | undefined;
export const viewerTimeZone = () => {
  // Built once: an Intl.DateTimeFormat costs far more than the formatting (time-zone.ts), and the
  // list's rows ask for the zone on every render; scrolling the compact view spent 4 ms a frame here.
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
};

/** DD.MM.YYYY of an instant, in the viewer's zone unless one is given. */
export const formatDayOf = (instant: Instant | null | undefined, timeZone = viewerTimeZone()) =>
  instant == null || instant === '' ? '' : germanDateOf(instant, timeZone);

/** DD.MM.YYYY HH:mm of an instant, in the viewer's zone unless one is given. */
export const formatDateTime = (instant: Instant | null | undefined, timeZone = viewerTimeZone()) =>
  instant == null || instant === '' ? '' : germanDateTimeOf(instant, timeZone);

// One formatter for all prices: building it is what costs (each card shows a price).
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** Cents to euros with two decimals. */
export const formatEuro = (cents: number) => euro.format(cents / 100);
