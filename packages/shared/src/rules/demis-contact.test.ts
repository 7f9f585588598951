import { describe, expect, it } from 'vitest';
import { DEMIS_PHONE_PATTERN, demisNameRefused, isDemisEmail, normaliseDemisPhone } from './demis-contact';

describe('DEMIS contact data', () => {
  it.each([
    ['0170/1234567', '0170 1234567'],
    ['030.12345678', '030 12345678'],
    ['Tel.: 040 123456', '040 123456'],
    ['+49 (0) 170 123-4567', '+49 (0) 170 123-4567'],
    ['  0221   998877 ', '0221 998877'],
    ['0049-221-998877', '0049-221-998877'],
  ])('normalises %s to %s, which DEMIS accepts', (raw, expected) => {
    expect(normaliseDemisPhone(raw)).toBe(expected);
    expect(DEMIS_PHONE_PATTERN.test(expected)).toBe(true);
  });

  it.each(['170 1234567', 'abends erreichbar', '0170 12 34 56 ext. 3', '01', '', null])(
    'leaves out %s, which cannot be made valid without guessing',
    (raw) => {
      expect(normaliseDemisPhone(raw)).toBeNull();
    },
  );

  it('refuses names with digits or the characters DEMIS forbids', () => {
    for (const bad of [
      'Anna2',
      'M@ier',
      'Sch*midt',
      'O"Brien',
      'Le<on>',
      'Bj´rn',
      'A=B',
      '[X]',
      '{Y}',
      'a|b',
      'W?',
      '$',
      ' ',
    ]) {
      expect(demisNameRefused(bad), bad).toBe(true);
    }
    for (const good of ['Müller-Lüdenscheidt', "O'Brien", 'Ægir', 'von der Heide', 'Zoë']) {
      expect(demisNameRefused(good), good).toBe(false);
    }
  });

  it('recognises an e-mail address', () => {
    expect(isDemisEmail('info@zentrum.example')).toBe(true);
    expect(isDemisEmail('info@zentrum')).toBe(false);
    expect(isDemisEmail('info zentrum@x.de')).toBe(false);
  });
});
