import { germanDateOf, germanDateTimeOf } from '@tz/shared/rules/german-date';
import type { Instant } from '@tz/shared/rules/time-zone';

/**
 * The zone the web shows instants in (result date, submission time, news
 * dates, today): the browser's. Calendar dates (appointment day, birthday)
 * need no zone: germanDate from @tz/shared/rules/german-date.
 */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** DD.MM.YYYY of an instant, in the viewer's zone unless one is given. */
export const formatDayOf = (instant: Instant | null | undefined, timeZone = viewerTimeZone()) =>
  instant == null || instant === '' ? '' : germanDateOf(instant, timeZone);

/** DD.MM.YYYY HH:mm of an instant, in the viewer's zone unless one is given. */
export const formatDateTime = (instant: Instant | null | undefined, timeZone = viewerTimeZone()) =>
  instant == null || instant === '' ? '' : germanDateTimeOf(instant, timeZone);

/** Cents to euros with two decimals. */
export const formatEuro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
