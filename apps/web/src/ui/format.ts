import dayjs from 'dayjs';

/** German display formats of the spec: DD.MM.YYYY and HH:mm. */
export const formatDate = (v: string | number | Date | null | undefined) => (v ? dayjs(v).format('DD.MM.YYYY') : '');
export const formatTime = (v: string | number | Date | null | undefined) => (v ? dayjs(v).format('HH:mm') : '');
export const formatDateTime = (v: string | number | Date | null | undefined) =>
  v ? dayjs(v).format('DD.MM.YYYY HH:mm') : '';
/** Cents to euros with two decimals. */
export const formatEuro = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
