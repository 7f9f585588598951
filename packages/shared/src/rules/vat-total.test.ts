import { describe, expect, it } from 'vitest';
import { euros, grossCents, PHARMA_VAT_PERCENT, usageTotal } from './vat-total';

describe('usage total incl. VAT', () => {
  it('uses 19 % for OTC products', () => {
    expect(PHARMA_VAT_PERCENT).toBe(19);
    expect(grossCents(1000)).toBe(1190);
  });

  it('sums the net prices and adds VAT once, rounded to the cent', () => {
    // 3 × 333 = 999 net; 999 × 1.19 = 1188.81 -> 1189
    expect(usageTotal([{ price: 333 }, { price: 333 }, { price: 333 }])).toEqual({ net: 999, vat: 190, gross: 1189 });
  });

  it('is zero without products', () => {
    expect(usageTotal([])).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('shows cents as euros', () => {
    expect(euros(1189)).toMatch(/^11,89\s€$/);
  });
});
