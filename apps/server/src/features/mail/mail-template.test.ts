import { describe, expect, it } from 'vitest';
import { legalFooterLines } from './mail-template';

const centre = {
  full_name: 'Testzentrum',
  inv_entity: null,
  inv_street: null,
  inv_zip: null,
  inv_city: null,
  handelsregister_nummer: 'HRB 12345',
  handelsregister_ort: 'Hamburg',
  UID: null,
  impressum_link: null,
};

describe('the legal footer of a centre', () => {
  it('names the register court once, whether the place or the court was entered', () => {
    expect(legalFooterLines(centre)).toEqual(['Handelsregister: Amtsgericht Hamburg HRB 12345']);
    expect(legalFooterLines({ ...centre, handelsregister_ort: 'Amtsgericht Musterstadt' })).toEqual([
      'Handelsregister: Amtsgericht Musterstadt HRB 12345',
    ]);
  });

  it('leaves out what is not filled in', () => {
    expect(legalFooterLines({ ...centre, handelsregister_nummer: null })).toEqual([]);
  });
});
