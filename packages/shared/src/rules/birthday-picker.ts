/**
 * The birthday picker (core-workflow §5): years 1901 up to the current year,
 * the days offered depend on month and year, and a value exists only when
 * day, month and year are all chosen.
 */

export const FIRST_BIRTHDAY_YEAR = 1901;

/** Years offered, newest first. */
export function birthdayYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = currentYear; y >= FIRST_BIRTHDAY_YEAR; y--) years.push(y);
  return years;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12); without a year February offers 29 until the year is known. */
export function daysInMonth(month: number, year?: number | null): number {
  if (month === 2) return year == null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface BirthdayParts {
  day?: number | null;
  month?: number | null;
  year?: number | null;
}

/** 'YYYY-MM-DD' when all three parts are chosen and form a real date, else null. */
export function birthdayValue({ day, month, year }: BirthdayParts): string | null {
  if (!day || !month || !year) return null;
  if (day > daysInMonth(month, year)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Splits 'YYYY-MM-DD' into the picker's parts (empty parts for no value). */
export function birthdayParts(value: string | null | undefined): BirthdayParts {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return { day: null, month: null, year: null };
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}
