import { describe, expect, it } from 'vitest';
import { isValidFte } from './fte';

describe('fte', () => {
  it('accepts 0 to 1.5 in steps of 0.1', () => {
    for (let i = 0; i <= 15; i++) expect(isValidFte(i / 10), String(i / 10)).toBe(true);
    expect(isValidFte(0.1 + 0.2)).toBe(true);
  });

  it('refuses values outside the range or between steps', () => {
    expect(isValidFte(-0.1)).toBe(false);
    expect(isValidFte(1.6)).toBe(false);
    expect(isValidFte(0.25)).toBe(false);
    expect(isValidFte(1.55)).toBe(false);
    expect(isValidFte(Number.NaN)).toBe(false);
  });
});
