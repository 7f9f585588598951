/**
 * Pharmazentralnummer (PZN) check digit. PZN-8: the first seven digits are
 * weighted 1..7, the check digit is the sum modulo 11; a remainder of 10 makes
 * the number invalid (such numbers are never issued). The old PZN-7 (six
 * digits weighted 2..7 plus check digit) is the same number with a leading 0,
 * so a 7-digit input is read as PZN-8 after prefixing 0.
 */
export function normalisePzn(input: string): string | null {
  const digits = input.trim().replace(/^PZN[-\s]?/i, '');
  if (/^\d{7}$/.test(digits)) return `0${digits}`;
  if (/^\d{8}$/.test(digits)) return digits;
  return null;
}

/** The check digit of the first seven digits of a PZN-8, or null when the remainder is 10. */
export function pznCheckDigit(first7: string): number | null {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (i + 1);
  const check = sum % 11;
  return check === 10 ? null : check;
}

/** The PZN as stored (8 digits) when its check digit is right, else null. */
export function validPzn(input: string): string | null {
  const pzn = normalisePzn(input);
  if (!pzn) return null;
  const check = pznCheckDigit(pzn.slice(0, 7));
  return check !== null && check === Number(pzn[7]) ? pzn : null;
}
