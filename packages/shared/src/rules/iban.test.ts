import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ibanChecksumValid, isValidIban, normalizeIban } from './iban';

describe('IBAN validation', () => {
  it('accepts well-known valid IBANs, with or without spaces and in lower case', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('AT611904300234573201')).toBe(true);
    expect(isValidIban('CH9300762011623852957')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(ibanChecksumValid('DE88370400440532013000')).toBe(false);
  });

  it('refuses a wrong length for the country even if the checksum would fit', () => {
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
  });

  it('refuses characters outside A–Z and 0–9', () => {
    expect(isValidIban('DE89-3704-0044-0532-0130-00')).toBe(false);
  });

  it('detects every single-digit typo in a valid IBAN', () => {
    const valid = 'DE89370400440532013000';
    fc.assert(
      fc.property(fc.integer({ min: 2, max: valid.length - 1 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digit = (Number(valid[pos]) + delta) % 10;
        const typo = valid.slice(0, pos) + digit + valid.slice(pos + 1);
        expect(isValidIban(typo)).toBe(false);
      }),
    );
  });

  it('normalises spaces and case', () => {
    expect(normalizeIban(' de89 3704 ')).toBe('DE893704');
  });
});
