import { describe, expect, it } from 'vitest';
import { normalisePzn, pznCheckDigit, validPzn } from './pzn';

describe('PZN check digit (Modulo 11, weights 1..7)', () => {
  it('accepts real PZN-8 numbers', () => {
    // 2*1 + 7*2 + 5*3 + 8*4 + 0*5 + 8*6 + 9*7 = 174; 174 mod 11 = 9
    expect(validPzn('27580899')).toBe('27580899');
    // 0 + 4*2 + 5*3 + 9*4 + 5*5 + 9*6 + 8*7 = 194; 194 mod 11 = 7
    expect(validPzn('04595987')).toBe('04595987');
  });

  it('refuses a wrong check digit', () => {
    expect(validPzn('27580898')).toBeNull();
    expect(validPzn('04595988')).toBeNull();
  });

  it('refuses numbers whose remainder is 10', () => {
    // 3*1 + 1*7 = 10: no check digit makes 3000001x valid
    expect(pznCheckDigit('3000001')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(validPzn(`3000001${d}`)).toBeNull();
  });

  it('reads a 7-digit PZN as PZN-8 with a leading 0', () => {
    expect(normalisePzn('4595987')).toBe('04595987');
    expect(validPzn('4595987')).toBe('04595987');
    expect(validPzn('4595988')).toBeNull();
  });

  it('refuses anything but 7 or 8 digits', () => {
    for (const bad of ['', '123', '123456789', '2758089a', '27 580 899']) expect(validPzn(bad)).toBeNull();
  });

  it('allows a PZN prefix and surrounding spaces', () => {
    expect(validPzn(' PZN-27580899 ')).toBe('27580899');
  });
});
