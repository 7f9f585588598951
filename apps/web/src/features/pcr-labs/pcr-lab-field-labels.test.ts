import { describe, expect, it } from 'vitest';
import { pcrLabLabel } from './pcr-lab-field-labels';

describe('the lab form names every field a refusal can point at', () => {
  it('top-level fields by their labels, catalogue rows by their number on the screen', () => {
    expect(pcrLabLabel('email')).toBe('E-Mail für Bestellungen');
    expect(pcrLabLabel('products.0.name')).toBe('Produkt 1');
    expect(pcrLabLabel('products.4.number')).toBe('Artikelnummer 5');
    expect(pcrLabLabel('products.0.id')).toBeUndefined();
    expect(pcrLabLabel('staff_id')).toBeUndefined();
  });
});
