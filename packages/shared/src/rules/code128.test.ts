import { describe, expect, it } from 'vitest';
import { code128B, code128BValues, code128Checksum, code128Pattern, isCode128B } from './code128';

describe('Code 128 B', () => {
  it('computes the check symbol of known values', () => {
    // "PJJ123C": 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55
    expect(code128BValues('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
    // "1000001": 104 + 17 + 16·(2+3+4+5+6) + 17·7 = 560; 560 mod 103 = 45
    expect(code128Checksum([17, 16, 16, 16, 16, 16, 17])).toBe(45);
    expect(code128BValues('1000001').at(-2)).toBe(45);
  });

  it('draws start B, data, check symbol and stop as 11 modules each (stop 13)', () => {
    const widths = code128B('A');
    // start B 211214, 'A' (33) 111323, check (104 + 33) mod 103 = 34 → 131123, stop 2331112
    expect(widths.join('')).toBe('211214' + '111323' + '131123' + '2331112');
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * 3 + 13);
  });

  it('has 107 distinct patterns of 11 modules each (stop 13)', () => {
    const all = Array.from({ length: 107 }, (_, v) => code128Pattern(v));
    expect(new Set(all).size).toBe(107);
    for (const [v, p] of all.entries()) {
      expect([...p].reduce((a, b) => a + Number(b), 0)).toBe(v === 106 ? 13 : 11);
    }
    expect(() => code128Pattern(107)).toThrow();
  });

  it('accepts printable ASCII only', () => {
    expect(isCode128B('Abc 123~')).toBe(true);
    expect(isCode128B('')).toBe(false);
    expect(isCode128B('Müller')).toBe(false);
    expect(() => code128B('Ä')).toThrow();
  });
});
