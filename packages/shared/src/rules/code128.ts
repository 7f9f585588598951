/**
 * Code 128, code set B (ASCII 32–126): the symbol values of a text with its
 * check symbol, and the widths of its bars and spaces in modules, so a PDF can
 * draw the barcode as rectangles (sample labels for PCR tubes). Pure; no library.
 */

/** Bar/space widths of the symbol values 0–105 (each 11 modules) and the stop (106, 13 modules). */
// biome-ignore format: the table reads best ten to a line
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128_START_B = 104;
export const CODE128_STOP = 106;
/** Quiet zone on each side, in modules (the standard asks for at least 10). */
export const CODE128_QUIET_ZONE = 10;

/** The pattern of one symbol value (for tests and drawing). */
export const code128Pattern = (value: number): string => {
  const p = PATTERNS[value];
  if (p === undefined) throw new RangeError(`Code 128: no symbol ${value}`);
  return p;
};

/** True when every character is printable ASCII (code set B covers 32–126). */
export const isCode128B = (text: string) => text.length > 0 && /^[\x20-\x7e]+$/.test(text);

/** Check symbol: start value plus each data value times its position (1-based), modulo 103. */
export function code128Checksum(values: readonly number[], start = CODE128_START_B): number {
  return values.reduce((sum, v, i) => sum + v * (i + 1), start) % 103;
}

/** Symbol values of a text in code set B: start B, data, check symbol, stop. */
export function code128BValues(text: string): number[] {
  if (!isCode128B(text)) throw new RangeError('Code 128 B: only printable ASCII characters');
  const data = [...text].map((ch) => ch.charCodeAt(0) - 32);
  return [CODE128_START_B, ...data, code128Checksum(data), CODE128_STOP];
}

/**
 * The widths (in modules) of bar, space, bar, … from the first bar to the last,
 * without quiet zones: start B, the data, the check symbol and the stop.
 */
export function code128B(text: string): number[] {
  return code128BValues(text).flatMap((v) => [...code128Pattern(v)].map(Number));
}
