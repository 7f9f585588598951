import { describe, expect, it } from 'vitest';
import { classificationFieldLabel, splitClassificationLabel } from './classification-label';

describe('splitClassificationLabel', () => {
  it('puts the part that tells entries apart first and the legal basis beside it', () => {
    expect(
      splitClassificationLabel('§ 4 Abs. 1 Nr. 3 TestV – Besuch in Pflegeeinrichtungen (Nachweis geprüft)'),
    ).toEqual({
      basis: '§ 4 Abs. 1 Nr. 3 TestV',
      text: 'Besuch in Pflegeeinrichtungen (Nachweis geprüft)',
    });
    expect(splitClassificationLabel('§ 4a TestV - Bürgertest mit Eigenbeteiligung (3 €)')).toEqual({
      basis: '§ 4a TestV',
      text: 'Bürgertest mit Eigenbeteiligung (3 €)',
    });
  });

  it('keeps a label without a legal basis whole, also one with a dash inside', () => {
    expect(splitClassificationLabel('Regionale Sondervereinbarung (KV)')).toEqual({
      basis: null,
      text: 'Regionale Sondervereinbarung (KV)',
    });
    expect(splitClassificationLabel('Selbstzahler – Firma')).toEqual({ basis: null, text: 'Selbstzahler – Firma' });
  });
});

describe('classificationFieldLabel', () => {
  it('shows the text before the legal basis', () => {
    expect(
      classificationFieldLabel('§ 4 Abs. 1 Nr. 6 TestV – Haushaltsangehörige Infizierter (Nachweis geprüft)'),
    ).toBe('Haushaltsangehörige Infizierter (Nachweis geprüft) · § 4 Abs. 1 Nr. 6 TestV');
    expect(classificationFieldLabel('Regionale Sondervereinbarung (KV)')).toBe('Regionale Sondervereinbarung (KV)');
  });
});
